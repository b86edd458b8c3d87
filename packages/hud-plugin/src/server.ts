import { server } from "./host/v1/index.ts";
import { setup } from "./host/v2/index.ts";

// One module for both host generations: opencode 1.x calls `server`, opencode 2 calls `setup` (and 1.x
// from 1.17.10 calls `setup` too, with a registration-only context, where it does nothing). opencode
// rejects a plugin module whose named exports include anything but functions, so there is only this
// default object.
export default { id: "agent-hud", server, setup };
