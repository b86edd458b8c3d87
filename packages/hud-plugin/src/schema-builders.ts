// The TypeBox builders the config, component metadata and board schemas use, without TypeBox's `Type`
// object: that object holds every builder, and the bundle would parse all of them at start.
import * as TypeBox from "@sinclair/typebox";

export const Type = {
  Array: TypeBox.Array,
  Boolean: TypeBox.Boolean,
  Integer: TypeBox.Integer,
  Literal: TypeBox.Literal,
  Number: TypeBox.Number,
  Object: TypeBox.Object,
  Optional: TypeBox.Optional,
  Record: TypeBox.Record,
  String: TypeBox.String,
  Union: TypeBox.Union,
  Unknown: TypeBox.Unknown,
};
