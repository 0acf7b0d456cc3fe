import { describe, expect, it } from 'vitest';
import Details from '../../../theme/mdx/details.tsx';
import { renderMdx } from './render-mdx.tsx';

describe('@theme/Details', () => {
  it('puts a <summary> child first and the rest in the content', () => {
    expect(renderMdx(<Details><summary>Why <em>two</em> heads?</summary><p>Because.</p><p>Twice.</p></Details>))
      .toBe('<details class="details"><summary>Why <em>two</em> heads?</summary><div class="details-content"><p>Because.</p><p>Twice.</p></div></details>');
  });

  it('takes the summary from its prop, or reads "Details"', () => {
    expect(renderMdx(<Details summary="Timeouts" open className="wide"><p>500 ms.</p></Details>))
      .toBe('<details class="details wide" open=""><summary>Timeouts</summary><div class="details-content"><p>500 ms.</p></div></details>');
    expect(renderMdx(<Details><p>x</p></Details>)).toBe('<details class="details"><summary>Details</summary><div class="details-content"><p>x</p></div></details>');
  });
});
