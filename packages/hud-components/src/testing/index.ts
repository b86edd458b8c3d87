// audience: tests
export {
  renderComponent,
  renderAllDensities,
  usageFor,
  type RenderComponentOptions,
  type Renderable,
} from "./render-component.ts";
export { viewFromJson, EventsFile, ViewFile, type LoadedView } from "./view-file.ts";
export { referenceEvents, referenceView, REFERENCE_TIME } from "./reference.ts";
