import { DIGITS, family, fake } from "./random.ts";

/** Text the person marked private. */
export default family("private-tags", ({ shape }) => {
  shape(
    "private tags",
    (s) => `notes <private>${s(`my pin is ${fake(6, DIGITS)}`)}</private> end`,
    "wrap it in a private tag; </private> closes it",
  );
});
