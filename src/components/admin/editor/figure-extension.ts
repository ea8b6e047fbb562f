import { Node } from '@tiptap/react';
import type { DOMOutputSpec } from '@tiptap/pm/model';

/** An image placed with its description: what the figure node keeps. */
export interface FigureAttributes {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
  caption: string;
  credit: string;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    figure: {
      /** Places an image with its alt text, size, caption and credit at the selection. */
      insertFigure: (attributes: FigureAttributes) => ReturnType;
    };
  }
}

const size = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * An image with its caption and credit, written as the site stores it:
 * `<figure><img src alt width height><figcaption>caption <span class="credit">credit</span></figcaption></figure>`.
 * One block the writer selects, moves or deletes whole; the picker sets what it shows.
 */
export const Figure = Node.create({
  name: 'figure',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      src: { default: '' },
      alt: { default: '' },
      width: { default: null },
      height: { default: null },
      caption: { default: '' },
      credit: { default: '' },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'figure',
        // Before the plain image's rule, which would take the image out of its figure.
        priority: 60,
        getAttrs: (element) => {
          const img = element.querySelector('img');
          if (!img) return false;
          const figcaption = element.querySelector('figcaption');
          const credit = figcaption?.querySelector('.credit')?.textContent ?? '';
          const captionNode = figcaption?.cloneNode(true) as HTMLElement | undefined;
          captionNode?.querySelector('.credit')?.remove();
          return {
            src: img.getAttribute('src') ?? '',
            alt: img.getAttribute('alt') ?? '',
            width: size(img.getAttribute('width')),
            height: size(img.getAttribute('height')),
            caption: (captionNode?.textContent ?? '').trim(),
            credit: credit.trim(),
          };
        },
      },
    ];
  },
  renderHTML({ node }) {
    const a = node.attrs as FigureAttributes;
    const img: DOMOutputSpec = [
      'img',
      { src: a.src, alt: a.alt, ...(a.width ? { width: String(a.width) } : {}), ...(a.height ? { height: String(a.height) } : {}) },
    ];
    if (!a.caption && !a.credit) return ['figure', img];
    // Text children are text nodes (ProseMirror's output spec).
    const parts: unknown[] = [];
    if (a.caption) parts.push(a.caption);
    if (a.caption && a.credit) parts.push(' ');
    if (a.credit) parts.push(['span', { class: 'credit' }, a.credit]);
    return ['figure', img, ['figcaption', {}, ...parts]];
  },
  addCommands() {
    return {
      insertFigure:
        (attributes) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: attributes }),
    };
  },
});
