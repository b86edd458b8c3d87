// The TypeBox builders the state, event and argument schemas use (and the plugin's config, component metadata
// and board schemas, through /internal), without TypeBox's `Type` object: that object holds every builder,
// and a bundle that imports it parses all of them at start (see ujsx's copy).
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
