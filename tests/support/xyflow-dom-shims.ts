/*
 * What @xyflow/react measures and jsdom does not give (the React Flow testing guide): an element's size from its
 * inline style, a ResizeObserver that reports an element once when it starts observing it (xyflow draws edges only
 * between measured nodes), the zoom read from a CSS transform, and SVG text boxes. Import it in a jsdom test file
 * that draws a diagram, before rendering; it replaces dom-setup.ts's silent ResizeObserver for that file only.
 */

class ReportingResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target } as ResizeObserverEntry], this);
  }
  unobserve() {}
  disconnect() {}
}

class ScaleOnlyMatrix {
  m22: number;
  constructor(transform?: string) {
    const scale = transform?.match(/scale\(([\d.]+)\)/)?.[1];
    this.m22 = scale === undefined ? 1 : Number(scale);
  }
}

const styleSize = (element: HTMLElement, property: 'width' | 'height') =>
  parseFloat(element.style[property]) || 1;

window.ResizeObserver = ReportingResizeObserver;
(window as unknown as { DOMMatrixReadOnly: unknown }).DOMMatrixReadOnly = ScaleOnlyMatrix;
Object.defineProperties(window.HTMLElement.prototype, {
  offsetWidth: {
    configurable: true,
    get(this: HTMLElement) {
      return styleSize(this, 'width');
    },
  },
  offsetHeight: {
    configurable: true,
    get(this: HTMLElement) {
      return styleSize(this, 'height');
    },
  },
});
(window.SVGElement.prototype as unknown as { getBBox: () => DOMRect }).getBBox = () =>
  ({ x: 0, y: 0, width: 0, height: 0 }) as DOMRect;
