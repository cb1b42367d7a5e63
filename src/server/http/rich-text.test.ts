import { describe, expect, it } from 'vitest';
import { FieldError } from './errors.ts';
import { cleanRichText, isBlankRichText, sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText: attacks', () => {
  const attacks: [string, string][] = [
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p>a<script src="https://evil.example/x.js"></script>b</p>', '<p>ab</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    [
      '<img src="/uploads/scenic-1/a.png" onerror="alert(1)" onload="x()">',
      '<img src="/uploads/scenic-1/a.png">',
    ],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x61;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<a href="/relative">x</a>', '<a>x</a>'],
    ['<svg onload=alert(1)><circle r="1"/></svg><p>t</p>', '<p>t</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['<p style="width: expression(alert(1))">e</p>', '<p>e</p>'],
    ['<p style="width: expression(alert(1)); text-align: right">e</p>', '<p style="text-align: right">e</p>'],
    ['<p style="background:url(javascript:alert(1))">e</p>', '<p>e</p>'],
    ['<p style="text-align: center; position: fixed; top: 0">e</p>', '<p style="text-align: center">e</p>'],
    ['<p style="text-align: expression(alert(1))">e</p>', '<p>e</p>'],
    ['<span style="color: red">r</span>', '<span>r</span>'],
    ['<img src="data:image/png;base64,iVBORw0KGgo=">', ''],
    ['<img src="data:image/svg+xml,<svg onload=alert(1)>">', ''],
    ['<img src="//evil.example/x.png">', ''],
    ['<img src="javascript:alert(1)">', ''],
    ['<img src="/etc/passwd">', ''],
    [
      '<img src="https://cdn.example.com/a.png" width="100" height="50%">',
      '<img src="https://cdn.example.com/a.png" width="100">',
    ],
    ['<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['<object data="x.swf"></object><embed src="x.swf"><p>x</p>', '<p>x</p>'],
    ['<style>p { color: red }</style><p>x</p>', '<p>x</p>'],
    ['<form action="https://evil.example"><input name="q"><button>go</button></form>', 'go'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example"><p>x</p>', '<p>x</p>'],
    ['<base href="https://evil.example/"><p>x</p>', '<p>x</p>'],
    ['<p onclick="alert(1)" class="x" id="y" data-x="1">x</p>', '<p>x</p>'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<p><b>unclosed <i>nested', '<p><b>unclosed <i>nested</i></b></p>'],
    // a stray </p> is an empty paragraph, as in a browser
    ['</p></div><p>x', '<p></p><p>x</p>'],
    ['<!-- <script>alert(1)</script> --><p>x</p>', '<p>x</p>'],
    ['<p>a &lt;script&gt;alert(1)&lt;/script&gt;</p>', '<p>a &lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    [
      '<a href="https://x.example" target="_blank">x</a>',
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['<a href="https://x.example" target="_top" rel="opener">x</a>', '<a href="https://x.example">x</a>'],
    [
      '<a href="https://x.example" title="t" style="color:red" onmouseover="x()">x</a>',
      '<a href="https://x.example">x</a>',
    ],
    ['<h5>five</h5><h6 style="text-align: center">six</h6>', 'fivesix'],
    ['<td colspan="2" rowspan="x">a</td>', '<td colspan="2">a</td>'],
  ];
  it.each(attacks)('%s', (input, expected) => {
    const out = sanitizeRichText(input);
    expect(out).toBe(expected);
    expect(out).not.toMatch(/<script|onerror|onload|javascript:|data:|expression\(/i);
  });
});

describe('sanitizeRichText: editor output round-trips unchanged', () => {
  // As tiptap 3 writes it: starter-kit marks and nodes, TextAlign on paragraphs/headings, Image, Link.
  const editorOutput = [
    '<p>普通段落</p>',
    '<p></p>',
    '<p>第一行<br>第二行</p>',
    '<h1>标题一</h1><h2 style="text-align: center">标题二</h2><h3 style="text-align: right">标题三</h3>',
    '<p style="text-align: left">左</p><p style="text-align: center">中</p><p style="text-align: right">右</p>',
    '<p style="text-align: center;">a DOM serialisation with the semicolon</p>',
    '<p><strong>粗</strong><em>斜</em><u>下划线</u><s>删除线</s></p>',
    '<ul><li><p>一</p></li><li><p>二</p><ul><li><p>嵌套</p></li></ul></li></ul>',
    '<ol><li><p>第一</p></li><li><p>第二</p></li></ol>',
    '<ol start="3"><li><p>三</p></li></ol>'.replace(' start="3"', ''),
    '<blockquote><p>引用</p></blockquote>',
    '<hr>',
    '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://www.example.com/a?b=1&amp;c=2">链接</a></p>',
    '<p><a target="_blank" rel="noopener noreferrer nofollow" href="mailto:service@example.com">邮件</a> <a target="_blank" rel="noopener noreferrer nofollow" href="tel:0571-88886666">电话</a></p>',
    '<img src="/uploads/scenic-1/3f1c2a.png" alt="景区地图">',
    '<img src="https://cdn.example.com/a.jpg">',
    '<p>a&nbsp;&nbsp;b &amp; c &lt; d &gt; e "引号" \'单引号\'</p>',
    '<table><thead><tr><th>对象</th><th>优惠</th></tr></thead><tbody><tr><td>老人</td><td>半价</td></tr></tbody></table>',
  ];
  it.each(editorOutput)('%s', (html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('is idempotent', () => {
    const once = sanitizeRichText(
      '<p style="text-align:center;color:red">x<img src="/uploads/a.png" / ></p>',
    );
    expect(once).toBe('<p style="text-align: center">x<img src="/uploads/a.png"></p>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe('cleanRichText', () => {
  it('refuses content with nothing left, naming the field', () => {
    for (const html of [
      '<p></p>',
      '<p> &nbsp; </p>',
      '<script>x</script>',
      '<img src="data:image/png;base64,AA">',
    ]) {
      expect(isBlankRichText(sanitizeRichText(html)), html).toBe(true);
      expect(() => cleanRichText(html), html).toThrow(FieldError);
    }
    try {
      cleanRichText('<p></p>', 'body');
    } catch (error) {
      expect((error as FieldError).field).toBe('body');
    }
  });

  it('keeps an image or a rule as content', () => {
    expect(cleanRichText('<img src="/uploads/x.png">')).toBe('<img src="/uploads/x.png">');
    expect(cleanRichText('<hr>')).toBe('<hr>');
  });

  it('refuses more than 100,000 characters after sanitising', () => {
    expect(() => cleanRichText(`<p>${'x'.repeat(100_000)}</p>`)).toThrow(FieldError);
    const junk = `<p>${'x'.repeat(99_000)}</p>${'<script>y</script>'.repeat(200)}`;
    expect(cleanRichText(junk)).toHaveLength(99_007);
  });
});
