import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import Tabs from '../../../theme/mdx/tabs.tsx';
import TabItem from '../../../theme/mdx/tab-item.tsx';
import { renderMdx } from './render-mdx.tsx';

/** The elements of some HTML, each with its attributes and own text, in document order. */
function elements(html: string): { tag: string; attrs: Record<string, string>; text: string }[] {
  const found: { tag: string; attrs: Record<string, string>; text: string }[] = [];
  const open: typeof found = [];
  const parser = new Parser({
    onopentag(tag, attrs) {
      const el = { tag, attrs, text: '' };
      found.push(el);
      open.push(el);
    },
    ontext(text) {
      const el = open.at(-1);
      if (el) el.text += text;
    },
    onclosetag() {
      open.pop();
    },
  });
  parser.end(html);
  return found;
}

const tabsOf = (html: string) => elements(html).filter((e) => e.attrs.role === 'tab');
const panelsOf = (html: string) => elements(html).filter((e) => e.attrs.role === 'tabpanel');

describe('@theme/Tabs and @theme/TabItem', () => {
  const languages = (props: Record<string, unknown> = {}) => (
    <Tabs {...props}>
      <TabItem value="py" label="Python"><p>def move():</p></TabItem>
      <TabItem value="js" label="JavaScript" default><p>function move() {'{}'}</p></TabItem>
      <TabItem value="go"><p>func move()</p></TabItem>
    </Tabs>
  );

  it('renders WAI-ARIA tabs: every panel in the HTML, the default one shown, the others hidden', () => {
    const html = renderMdx(languages());
    const tabs = tabsOf(html);
    const panels = panelsOf(html);
    expect(tabs.map((t) => [t.tag, t.text, t.attrs['aria-selected'], t.attrs.tabindex, t.attrs['data-value']])).toEqual([
      ['button', 'Python', 'false', '-1', 'py'],
      ['button', 'JavaScript', 'true', '0', 'js'],
      ['button', 'go', 'false', '-1', 'go'],
    ]);
    expect(tabs[1].attrs.class).toBe('tabs__item tabs__item--active');
    expect(panels.map((p) => [p.attrs['data-value'], 'hidden' in p.attrs])).toEqual([['py', true], ['js', false], ['go', true]]);
    // Each tab controls its panel, which it names; ids are unique on the page.
    tabs.forEach((tab, i) => {
      expect(tab.attrs['aria-controls']).toBe(panels[i].attrs.id);
      expect(panels[i].attrs['aria-labelledby']).toBe(tab.attrs.id);
    });
    const ids = elements(html).map((e) => e.attrs.id).filter(Boolean);
    expect(new Set(ids).size).toBe(6);
    expect(html).toContain('<p class="tab-panel-label">Python</p><p>def move():</p>');
    const [container, list] = elements(html);
    expect(container.attrs).toEqual({ class: 'tabs-container', 'data-tabs': '' });
    expect(list.attrs).toEqual({ role: 'tablist', 'aria-orientation': 'horizontal', class: 'tabs' });
  });

  it('selects `defaultValue` over a default child, else the first tab', () => {
    expect(tabsOf(renderMdx(languages({ defaultValue: 'go' }))).map((t) => t.attrs['aria-selected'])).toEqual(['false', 'false', 'true']);
    const first = renderMdx(<Tabs><TabItem value="a">A</TabItem><TabItem value="b">B</TabItem></Tabs>);
    expect(tabsOf(first).map((t) => t.attrs['aria-selected'])).toEqual(['true', 'false']);
  });

  it('carries groupId and the query-string name for the tabs script', () => {
    const [grouped] = elements(renderMdx(languages({ groupId: 'language', queryString: true })));
    expect(grouped.attrs).toMatchObject({ 'data-group-id': 'language', 'data-query-string': 'language' });
    const [named] = elements(renderMdx(languages({ queryString: 'lang' })));
    expect(named.attrs).toEqual({ class: 'tabs-container', 'data-tabs': '', 'data-query-string': 'lang' });
  });

  it('takes labels and order from `values`, and puts tab attributes, className and block on the tabs', () => {
    const html = renderMdx(
      <Tabs
        block className="starter-tabs"
        values={[{ value: 'js', label: 'Node.js', attributes: { className: 'red', 'data-track': 'js' } }, { value: 'py', label: 'Python 3' }]}
      >
        <TabItem value="py" className="snake">P</TabItem>
        <TabItem value="js">J</TabItem>
      </Tabs>,
    );
    expect(elements(html)[1].attrs.class).toBe('tabs tabs--block starter-tabs');
    expect(tabsOf(html).map((t) => [t.text, t.attrs.class, t.attrs['data-track']])).toEqual([
      ['Node.js', 'tabs__item red tabs__item--active', 'js'],
      ['Python 3', 'tabs__item', undefined],
    ]);
    const panels = panelsOf(html);
    expect(panels.map((p) => [p.attrs['data-value'], p.attrs.class, 'hidden' in p.attrs])).toEqual([['py', 'tab-panel snake', true], ['js', 'tab-panel', false]]);
    expect(panels[0].attrs['aria-labelledby']).toBe(tabsOf(html)[1].attrs.id);
    expect(html).toContain('<p class="tab-panel-label">Python 3</p>P');
  });

  it('renders every panel with `lazy` too (they switch without React)', () => {
    expect(panelsOf(renderMdx(languages({ lazy: true })))).toHaveLength(3);
  });

  it("throws Docusaurus's mistakes with what to fix", () => {
    expect(() => renderMdx(<Tabs><TabItem value="a">A</TabItem><p>stray</p></Tabs>))
      .toThrow('Expected every child of <Tabs> to be a <TabItem> with a `value` prop; got <p>');
    expect(() => renderMdx(<Tabs><TabItem value="a">A</TabItem>text</Tabs>)).toThrow('got the text `text`');
    expect(() => renderMdx(<Tabs><TabItem value="a">A</TabItem><TabItem value="a">B</TabItem></Tabs>))
      .toThrow('Expected unique tab values in <Tabs>; found `a` more than once');
    expect(() => renderMdx(languages({ defaultValue: 'rust' })))
      .toThrow('Cannot select `rust` (the defaultValue of <Tabs>): no tab has that value; the values are `py`, `js`, `go`');
    expect(() => renderMdx(languages({ queryString: true }))).toThrow('Expected a `groupId` on <Tabs queryString>');
    expect(() => renderMdx(<Tabs>{'\n'}</Tabs>)).toThrow('Expected at least one <TabItem> in <Tabs>');
  });

  it('ignores whitespace between TabItems and renders a lone TabItem as a panel', () => {
    expect(tabsOf(renderMdx(<Tabs>{'\n'}<TabItem value="a">A</TabItem>{'\n  '}</Tabs>))).toHaveLength(1);
    expect(renderMdx(<TabItem value="a">A</TabItem>)).toBe('<div role="tabpanel" class="tab-panel" tabindex="0" data-value="a">A</div>');
  });
});
