import { describe, expect, it } from 'vitest';
import { previewTemplate, sampleValues } from './template-preview.js';

const values = (language: string) =>
  sampleValues({ publicUrl: 'https://cx.example.com', language, userName: 'ayse.admin' });
const link = 'https://cx.example.com/s/00000000-0000-0000-0000-000000000000';

describe('template preview', () => {
  it('has a value for every survey placeholder, in the caller language', () => {
    const turkish = values('tr');
    expect(turkish.FullName).toBe('Ayşe Yılmaz');
    expect(turkish.CustomData10).toBe('Örnek 10');
    expect(values('de').FullName).toBe('Jane Doe');
    expect(values('en')).toMatchObject({
      ExecutionLink: link,
      UnsubscribeLink: `${link}/optout`,
      ShortExecutionLinkHtml: `<a href="${link}">${link}</a>`,
      LoggedInUserName: 'ayse.admin',
      Language: 'en',
    });
  });

  it('escapes values in an e-mail body but keeps the Html links as anchors; other channels stay plain', () => {
    const sample = { ...values('en'), FullName: 'Jane <Doe> & Co' };
    expect(
      previewTemplate(
        { Channel: 1, Subject: 'Hi {{FullName}}', Body: '<p>{{FullName}} {{ExecutionLinkHtml}}</p>' },
        sample,
      ),
    ).toEqual({
      Subject: 'Hi Jane <Doe> & Co',
      Body: `<p>Jane &lt;Doe&gt; &amp; Co <a href="${link}">${link}</a></p>`,
    });
    expect(
      previewTemplate({ Channel: 2, Subject: 'dropped', Body: '{{FullName}} {{Nope}}.' }, sample),
    ).toEqual({
      Subject: null,
      Body: 'Jane <Doe> & Co .',
    });
  });
});
