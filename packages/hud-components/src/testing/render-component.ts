import { isUJsxElement, toMarkdown, type Child, type UJsxElement } from '@agent-hud/ujsx'
import { contextAt, densities, type ContextInfo, type Density } from '../context/index.ts'
import type { HudComponentProps } from '../components/section-spec.ts'
import { emptyState, type HudState, type HudView } from '../state/hud-state.ts'
import { renderHud, type RenderOptions } from '../render/index.ts'
import { bpeTokenizer, type Tokenizer } from '../tokenize/tokenizer.ts'

/** Usage that selects each density with the default thresholds (used when a test gives no context). */
export const usageFor: Record<Density, number> = { full: 30, compact: 75, minimal: 90 }

export type RenderComponentOptions = {
  density?: Density
  /** Fail (throw) when the component renders more tokens than this. */
  budget?: number
  view?: HudView
  context?: ContextInfo
  directory?: string
  tokenizer?: Tokenizer
}

const emptyView = (): HudView => ({ session: emptyState('session'), project: emptyState('project') })

/**
 * Render one element to markdown the way the HUD would. A function component receives the
 * HudComponentProps (view, state, context, density, directory) unless the element sets them itself.
 */
export function renderComponent(element: Child, options: RenderComponentOptions = {}): string {
  const density = options.density ?? 'full'
  const view = options.view ?? emptyView()
  const context = options.context ?? contextAt(usageFor[density])
  let tree = element
  if (isUJsxElement(element) && typeof element.type === 'function') {
    const injected: HudComponentProps = { view, state: view.session, context, density, directory: options.directory ?? '' }
    const props = { ...injected, ...(element as UJsxElement).props }
    tree = { ...(element as UJsxElement), props }
  }
  const markdown = toMarkdown(tree, { mode: 'dev' })
  if (options.budget !== undefined) {
    const tokens = (options.tokenizer ?? bpeTokenizer).count(markdown)
    if (tokens > options.budget) {
      throw new Error(`component renders ${tokens} tokens at ${density}, over its budget of ${options.budget}`)
    }
  }
  return markdown
}

const isView = (x: unknown): x is HudView =>
  typeof x === 'object' && x !== null && 'session' in x && 'project' in x && !isUJsxElement(x)
const isState = (x: unknown): x is HudState =>
  typeof x === 'object' && x !== null && 'scope' in x && 'counters' in x && !isUJsxElement(x)

/** `{ full, compact, minimal }` markdown for an element, a whole HudView, or one HudState — for snapshots. */
export function renderAllDensities(
  subject: Child | HudView | HudState,
  options: RenderOptions & Omit<RenderComponentOptions, 'density' | 'context'> = {},
): Record<Density, string> {
  const out = {} as Record<Density, string>
  for (const density of densities) {
    if (isView(subject) || isState(subject)) {
      const view: HudView = isView(subject)
        ? subject
        : subject.scope === 'project'
          ? { session: emptyState('session'), project: subject }
          : { session: subject, project: emptyState('project') }
      out[density] = renderHud(view, contextAt(usageFor[density]), options).markdown
    } else {
      out[density] = renderComponent(subject as Child, { ...options, density })
    }
  }
  return out
}
