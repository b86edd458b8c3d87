/**
 * The only code the sandbox has besides the component: the element factory the transpiled JSX calls
 * (`__h`, `__Fragment`) and the render entry the host calls. It is evaluated before the component, so the
 * entry keeps the built-ins it captured even if the component replaces `JSON` or a prototype method; what
 * the entry returns is a JSON string, and the host checks that string as untrusted data anyway.
 *
 * Elements are plain `{ type, props, children }` objects; a function element (a helper component in the
 * same source) is called at once with its props, so the result holds no functions. `render` takes the
 * props as JSON, freezes the parsed copy deeply and returns the tree as JSON, texts as `{ type: "text" }`.
 */
export const PRELUDE = String.raw`(() => {
  "use strict";
  const parse = JSON.parse, stringify = JSON.stringify, freeze = Object.freeze, isArray = Array.isArray;
  const keys = Object.keys, hasOwn = Object.prototype.hasOwnProperty;
  const fail = (message) => { throw new TypeError(message); };
  const deepFreeze = (value) => {
    if (value !== null && typeof value === "object") {
      const own = keys(value);
      for (let i = 0; i < own.length; i++) deepFreeze(value[own[i]]);
      freeze(value);
    }
    return value;
  };
  const Fragment = (props) => props.children;
  const h = (type, props, ...children) => {
    const all = {};
    if (props !== null && props !== undefined) for (const k of keys(props)) all[k] = props[k];
    if (typeof type === "function") {
      if (children.length === 1) all.children = children[0];
      else if (children.length > 1) all.children = children;
      return type(all);
    }
    if (typeof type !== "string") fail("an element type must be a string like \"paragraph\" or a function");
    delete all.children;
    delete all.key;
    return { type, props: all, children };
  };
  const plain = (node, out, depth) => {
    if (depth > 64) fail("elements are nested too deeply");
    if (node === null || node === undefined || node === true || node === false) return;
    if (typeof node === "string") return void (out[out.length] = { type: "text", value: node });
    if (typeof node === "number") return void (out[out.length] = { type: "text", value: "" + node });
    if (isArray(node)) {
      for (let i = 0; i < node.length; i++) plain(node[i], out, depth + 1);
      return;
    }
    if (typeof node !== "object" || typeof node.type !== "string" || !isArray(node.children))
      fail("a component returns elements (like <paragraph>), text, arrays or null, got " + typeof node);
    const children = [];
    plain(node.children, children, depth + 1);
    const props = {};
    const own = keys(node.props === null || typeof node.props !== "object" ? {} : node.props);
    for (let i = 0; i < own.length; i++) if (hasOwn.call(node.props, own[i])) props[own[i]] = node.props[own[i]];
    out[out.length] = { type: node.type, props, children };
  };
  globalThis.__h = h;
  globalThis.__Fragment = Fragment;
  return (component, propsJson) => {
    const props = parse(propsJson);
    // a component file written for the props' older shape reads the states as view.session / view.project
    props.view = { session: props.state, project: props.project };
    const tree = component(deepFreeze(props));
    if (tree !== null && typeof tree === "object" && typeof tree.then === "function")
      fail("a component must return its elements, not a promise");
    const out = [];
    plain(tree, out, 0);
    return stringify(out);
  };
})()`;
