import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_ASSETS } from '../../../../src/server/dashboard/assets/index.js';

const css = DASHBOARD_ASSETS.get('dashboard.css');
const js = DASHBOARD_ASSETS.get('dashboard.js');

/** A page holding a key input, a copy button and a status line, as the keys page renders them. */
function keysPageWorld(clipboard: { writeText(text: string): Promise<void> } | undefined, secure = true) {
  const listeners = new Map<string, () => void>();
  const input = {
    value: 'vf_secret',
    focused: false,
    selected: false,
    focus() {
      this.focused = true;
    },
    select() {
      this.selected = true;
    },
    addEventListener(type: string, listener: () => void) {
      listeners.set(`input ${type}`, listener);
    },
  };
  const button = {
    hidden: true,
    getAttribute: (name: string) => (name === 'data-copy-target' ? 'created-key-value' : null),
    addEventListener(type: string, listener: () => void) {
      listeners.set(`button ${type}`, listener);
    },
  };
  const status = { textContent: '' };
  const document = {
    getElementById: (id: string) => (id === 'created-key-value' ? input : null),
    querySelector: (selector: string) => (selector === '[data-copy-status]' ? status : null),
    querySelectorAll: (selector: string) => (selector === '[data-copy-target]' ? [button] : []),
  };
  const window = { isSecureContext: secure };
  runInNewContext(js?.body ?? '', { document, window, navigator: { clipboard } });
  return { input, button, status, click: () => listeners.get('button click')?.() };
}

describe('the dashboard assets', () => {
  it('serves the stylesheet and the script with their types', () => {
    expect([...DASHBOARD_ASSETS.keys()]).toEqual(['dashboard.css', 'dashboard.js']);
    expect(css?.contentType).toBe('text/css; charset=utf-8');
    expect(js?.contentType).toBe('text/javascript; charset=utf-8');
  });

  it('loads nothing from elsewhere: no import, no font, no URL in the stylesheet', () => {
    expect(css?.body).not.toMatch(/@import|@font-face|url\(/);
    expect(js?.body).not.toMatch(/https?:|fetch\(|XMLHttpRequest|import\(/);
  });

  it('keeps focus visible, lets tables scroll inside their box and stacks forms on a narrow screen', () => {
    expect(css?.body).toMatch(/:focus-visible \{ outline: 3px solid/);
    expect(css?.body).toMatch(/\.table-wrap \{[^}]*overflow-x: auto/);
    expect(css?.body).toMatch(/@media \(max-width: 36rem\) \{\s*form\.inline, form\.filters, form\.actions \{ flex-direction: column/);
  });

  it('shows the copy button and copies the key to the clipboard', async () => {
    const copied: string[] = [];
    const world = keysPageWorld({ writeText: async (text) => void copied.push(text) });
    expect(world.button.hidden).toBe(false);
    world.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(copied).toEqual(['vf_secret']);
    expect(world.status.textContent).toBe('Copied to the clipboard.');
  });

  it('selects the key for the reader to copy when the clipboard refuses or is not there', async () => {
    const refused = keysPageWorld({ writeText: () => Promise.reject(new Error('denied')) });
    refused.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(refused.input.selected).toBe(true);
    expect(refused.status.textContent).toBe('The key is selected: press Ctrl+C (Cmd+C on a Mac) to copy it.');

    const insecure = keysPageWorld(undefined, false);
    insecure.click();
    expect(insecure.input).toMatchObject({ focused: true, selected: true });
    expect(insecure.status.textContent).toContain('The key is selected');
  });
});
