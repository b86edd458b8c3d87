/**
 * A call the `hud` tool turns down on purpose: bad args, an unknown id or handle, a definition that cannot
 * work. Its message is the one line the model reads. Any other error that leaves an operation is a crash,
 * and tests tell the two apart by this class rather than by the shape of the message. It sits beside
 * `errorLine` because the recall folder, below the tools, refuses too.
 */
export class Refusal extends Error {}
