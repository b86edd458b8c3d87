// Run by lean-jit.test.ts as a server entry would: each start prints one line, then the relaunched one reports.
import { numberOfDFGCompiles } from "bun:jsc";
import { leanJit } from "../../../src/host/lean-jit.ts";

console.log(JSON.stringify({ start: process.pid }));
leanJit();
// JSC answers a sentinel (a million) for a function's DFG compiles when the DFG tier is off
const dfgOff = numberOfDFGCompiles(leanJit) >= 1_000_000;
const env = { flag: process.env["BUN_JSC_useBaselineJIT"], mark: process.env["AGENT_HUD_LEAN_JIT"] };
const smol = process.execArgv.includes("--smol");
console.log(JSON.stringify({ pid: process.pid, dfgOff, smol, env, stdin: await Bun.stdin.text() }));
