import { Node, type CommandProps, type NodeViewRendererProps } from '@tiptap/react';
import { marketSeriesFacts } from '@db/catalog/market-series';
import {
  CHART_ATTRIBUTES,
  CHART_TAG,
  FIGURE_ATTRIBUTES,
  FIGURE_TAG,
  parseRefAttributes,
  refAttributes,
  type ChartRef,
  type DataRef,
  type FigureRef,
} from '@/lib/data-refs';
import { formatAsOf } from '@/lib/market-format';
import { chartRefTitle } from '@/lib/story-chart';
import { figureValueText } from '@/lib/story-figure';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    dataRefs: {
      /** Places a figure of a series (its period and value, from the catalog) at the selection. */
      insertDataFigure: (ref: FigureRef) => ReturnType;
      /** Places a chart block of the catalog after the selection's block. */
      insertDataChart: (ref: ChartRef) => ReturnType;
    };
  }
}

/**
 * The node's attributes as an element's, every one of its names, each read as the text it is
 * (TipTap would read "78.31" as a number, and a figure's value is the text the data gave).
 */
function attributesOf(names: readonly string[]) {
  return Object.fromEntries(names.map((name) => [name, { default: null, parseHTML: (element: HTMLElement) => element.getAttribute(name) }]));
}

/** The reference a node stands for, read with the shared schema (undefined: not a valid one). */
const refOf = (tag: string, attrs: Record<string, unknown>): DataRef | undefined =>
  parseRefAttributes(tag, Object.fromEntries(Object.entries(attrs).flatMap(([k, v]) => (typeof v === 'string' && v !== '' ? [[k, v]] : []))));

/** What the editor shows of a figure: "$78.31/bbl · WTI Crude Oil, Nov 25, 2026". */
export function figureLabel(ref: FigureRef): string {
  const facts = marketSeriesFacts(ref.series);
  return `${figureValueText(ref)} · ${facts?.name ?? ref.series}, ${formatAsOf(ref.date, facts?.frequency)}`;
}

/** A node view of plain DOM: the reference in words, read by screen readers as one thing. */
function view(tag: 'span' | 'div', className: string, text: (attrs: Record<string, unknown>) => string, role: string) {
  return ({ node }: NodeViewRendererProps) => {
    const dom = document.createElement(tag);
    dom.className = className;
    dom.contentEditable = 'false';
    dom.setAttribute('role', role);
    dom.textContent = text(node.attrs);
    dom.setAttribute('aria-label', dom.textContent);
    return { dom };
  };
}

/** The command that places a reference as a node of type `name` (at the selection, or after its block for a block). */
const insertRef =
  (name: string, ref: DataRef) =>
  ({ commands }: CommandProps) =>
    commands.insertContent({ type: name, attrs: refAttributes(ref) });

/**
 * What a reference node is, whichever element it stands for: one unit (the writer selects, moves
 * or deletes it whole) that reads and writes its element (`tag`, with the reference's attributes
 * when they make a valid one), shown in the editor as `text` in words, read as one image.
 */
function refNode(
  tag: string,
  attributes: readonly string[],
  shown: { tag: 'span' | 'div'; className: string; text: (ref: DataRef | undefined) => string },
) {
  return {
    atom: true,
    selectable: true,
    draggable: true,
    addAttributes: () => attributesOf(attributes),
    parseHTML: () => [{ tag }],
    renderHTML: ({ node }: { node: { attrs: Record<string, unknown> } }): [string, Record<string, string>] => {
      const ref = refOf(tag, node.attrs);
      return [tag, ref ? refAttributes(ref) : {}];
    },
    addNodeView: () => view(shown.tag, shown.className, (attrs) => shown.text(refOf(tag, attrs)), 'img'),
  };
}

/**
 * A figure cited from the data, inline in the text: written as the site stores it
 * (`<data-figure series date value>`), shown in the editor as its value, series and date. One
 * unit the writer selects, moves or deletes whole; only the catalog dialog sets it.
 */
export const DataFigure = Node.create({
  name: 'dataFigure',
  group: 'inline',
  inline: true,
  ...refNode(FIGURE_TAG, FIGURE_ATTRIBUTES, {
    tag: 'span',
    className: 'data-figure-node',
    text: (ref) => (ref?.element === 'figure' ? `Figure: ${figureLabel(ref.ref)}` : 'Figure (not valid: remove it)'),
  }),
  addCommands() {
    return { insertDataFigure: (ref) => insertRef(this.name, { element: 'figure', ref }) };
  },
});

/**
 * A chart block of the catalog (a series view, a grid region's or a state's chart, a report):
 * written as `<data-chart kind key …>`, shown in the editor as what it charts and its caption;
 * readers see it drawn from the data.
 */
export const DataChart = Node.create({
  name: 'dataChart',
  group: 'block',
  ...refNode(CHART_TAG, CHART_ATTRIBUTES, {
    tag: 'div',
    className: 'data-chart-node',
    text: (ref) =>
      ref?.element === 'chart'
        ? `Chart: ${chartRefTitle(ref.ref)}${ref.ref.caption ? `. Caption: ${ref.ref.caption}` : ''}`
        : 'Chart (not valid: remove it)',
  }),
  addCommands() {
    return { insertDataChart: (ref) => insertRef(this.name, { element: 'chart', ref }) };
  },
});
