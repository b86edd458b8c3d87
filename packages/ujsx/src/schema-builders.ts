// TypeBox's `Type` is one object that holds every builder, so a bundle that imports it carries all of them
// (extends checks, template literals, mapped types: ~110 KB a plugin would parse at every start). The node
// kinds are built from this object instead, which holds only the builders they use; the schemas are the same.
import * as TypeBox from "@sinclair/typebox";

export const Type = {
  Array: TypeBox.Array,
  Boolean: TypeBox.Boolean,
  Integer: TypeBox.Integer,
  Literal: TypeBox.Literal,
  Null: TypeBox.Null,
  Object: TypeBox.Object,
  Optional: TypeBox.Optional,
  String: TypeBox.String,
  Union: TypeBox.Union,
};
