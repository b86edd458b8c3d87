// Run by lean-jit.test.ts as a server entry would: each start prints one line, then the relaunched one reports.
import { numberOfDFGCompiles } from "bun:jsc";
import { readFileSync } from "node:fs";
import { leanJit } from "../../../src/host/lean-jit.ts";

console.log(JSON.stringify({ start: process.pid }));
leanJit();
// JSC answers a sentinel (a million) for a function's DFG compiles when the DFG tier is off
const dfgOff = numberOfDFGCompiles(leanJit) >= 1_000_000;
const env = {
  flag: process.env["BUN_JSC_useBaselineJIT"],
  mark: process.env["AGENT_HUD_LEAN_JIT"],
  noJit: process.env["BUN_JSC_useJIT"],
};
const smol = process.execArgv.includes("--smol");
// what this process was started with (the variables leanJit removed from process.env are still there)
const startedNoJit = readFileSync("/proc/self/environ", "utf8").split("\0").includes("BUN_JSC_useJIT=0");
console.log(JSON.stringify({ pid: process.pid, dfgOff, smol, startedNoJit, env, stdin: await Bun.stdin.text() }));
