import { Type } from "@sinclair/typebox";
import { defineNode } from "../node-kind.ts";

/** Emphasis (italic). */
export const Emphasis = defineNode("emphasis", Type.Object({}, { additionalProperties: false }), { leaf: false });
