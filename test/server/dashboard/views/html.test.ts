import { describe, expect, it } from 'vitest';
import { escapeHtml, html, Markup } from '../../../../src/server/dashboard/views/html.js';

describe('escapeHtml: the one escape of the dashboard', () => {
  it('turns every character that could open markup or close an attribute into an entity', () => {
    expect(escapeHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(escapeHtml(`"double" 'single'`)).toBe('&quot;double&quot; &#39;single&#39;');
    expect(escapeHtml('Tom & Jerry &amp;')).toBe('Tom &amp; Jerry &amp;amp;');
    expect(escapeHtml('plain text, ü and €')).toBe('plain text, ü and €');
  });
});

describe('html: a template whose values are escaped', () => {
  it('escapes text in content and in attribute values', () => {
    const name = `"><img src=x onerror=alert(1)>`;
    expect(html`<input value="${name}"><p>${name}</p>`.text).toBe(
      '<input value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"><p>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</p>',
    );
  });

  it('keeps markup built by html as it is, and escapes a string that only looks like markup', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${inner}</p>`.text).toBe('<p><b>&lt;i&gt;</b></p>');
    expect(html`<p>${inner.text}</p>`.text).toBe('<p>&lt;b&gt;&amp;lt;i&amp;gt;&lt;/b&gt;</p>');
  });

  it('writes numbers, writes arrays item after item, and shows nothing for null, undefined and booleans', () => {
    expect(html`${1234}|${[html`<li>`, 'a&b', 2]}|${null}${undefined}${false}${true}|`.text).toBe('1234|<li>a&amp;b2||');
    const shown = 3 > 2;
    expect(html`${shown && html`<em>yes</em>`}${!shown && 'no'}`.text).toBe('<em>yes</em>');
  });

  it('gives a Markup that reads as its text', () => {
    const markup = html`<p>${'x'}</p>`;
    expect(markup).toBeInstanceOf(Markup);
    expect(`${markup}`).toBe('<p>x</p>');
  });
});
