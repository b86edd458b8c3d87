import { family, fake } from "./random.ts";

/** Payment providers' secret keys; their publishable keys are public by design. */
export default family("payment", ({ shape }) => {
  shape(
    "stripe live key",
    (s) => `stripe.api_key = "${s(`sk_live_${fake(24)}`)}"`,
    `stripe.api_key = os.environ["STRIPE_SECRET_KEY"]`,
  );
  shape("stripe restricted key", (s) => `key ${s(`rk_test_${fake(40)}`)}`, "key rk_test_ prefix means restricted");
  shape(
    "stripe webhook secret",
    (s) => `stripe listen: signing secret is ${s(`whsec_${fake(32)}`)}`,
    "stripe listen --forward-to localhost:4242/webhook",
  );
});
