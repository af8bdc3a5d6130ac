/**
 * A fixed-row-height virtual list: only the rows in (and just around) the viewport exist in the DOM,
 * so a 100,000-line tape scrolls like a short one. Rows are positioned through the CSSOM, which the
 * site's CSP allows (it forbids inline style attributes, not script-set style properties).
 */
export class VirtualList {
  private count = 0;
  private readonly pool: HTMLElement[] = [];
  private frame = 0;

  constructor(
    private readonly container: HTMLElement,
    private readonly spacer: HTMLElement,
    private readonly rowHeight: number,
    private readonly draw: (el: HTMLElement, index: number) => void,
  ) {
    container.addEventListener('scroll', () => this.schedule());
    window.addEventListener('resize', () => this.schedule());
  }

  setCount(count: number): void {
    this.count = count;
    this.spacer.style.height = `${count * this.rowHeight}px`;
    this.render();
  }

  /** Scrolls so row `index` sits a third of the way down the viewport. */
  scrollTo(index: number): void {
    const top = index * this.rowHeight - Math.floor(this.container.clientHeight / 3);
    this.container.scrollTop = Math.max(0, top);
    this.render();
  }

  schedule(): void {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  render(): void {
    const height = this.container.clientHeight || 600;
    const first = Math.max(0, Math.floor(this.container.scrollTop / this.rowHeight) - 10);
    const last = Math.min(this.count, Math.ceil((this.container.scrollTop + height) / this.rowHeight) + 10);
    const needed = Math.max(0, last - first);
    while (this.pool.length < needed) {
      const el = document.createElement('div');
      el.className = 'row';
      this.spacer.appendChild(el);
      this.pool.push(el);
    }
    this.pool.forEach((el, k) => {
      const index = first + k;
      if (k >= needed) {
        el.hidden = true;
        el.replaceChildren();
        delete el.dataset.ref;
        delete el.dataset.entry;
        delete el.dataset.fold;
        return;
      }
      el.hidden = false;
      el.style.top = `${index * this.rowHeight}px`;
      el.dataset.index = String(index);
      this.draw(el, index);
    });
  }
}
