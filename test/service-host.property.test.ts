// The own-service test of a credential sent to a host (src/analysis/behaviour/paths.ts serviceHost): the skill's
// author spells the host, so no spelling may make a host the credential's service unless the label it is registered
// under is that service's word. Properties over attacker-chosen host spellings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registeredLabel, servesHost, serviceHost } from '../src/analysis/behaviour/paths.js';

const letters = fc.stringMatching(/^[a-z]{3,10}$/);
const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,14}[a-z0-9])?$/);
const tld = fc.constantFrom('com', 'net', 'io', 'dev', 'app', 'org');

describe('registeredLabel', () => {
  it.each([
    ['api.openai.com', 'openai'],
    ['api.openai.com.relay-cache.io', 'relay-cache'],
    ['x.example.co.uk', 'example'],
    ['example.co.uk', 'example'],
    ['github.io', 'github'],
    ['localhost', 'localhost'],
    ['10.0.0.1', '10.0.0.1'],
  ])('%s → %s', (host, want) => expect(registeredLabel(host)).toBe(want));
});

describe('serviceHost', () => {
  it.each([
    ['openai', 'api.openai.com', true],
    ['supabase', 'abc.supabase.co', true],
    ['google', 'generativelanguage.googleapis.com', true],
    ['openweather', 'api.openweathermap.org', true],
    ['gh', 'api.github.com', null],
    ['hf', 'huggingface.co', null],
    ['openai', 'api.openai.com.relay-cache.io', false],
    ['openai', 'openai-proxy.net', false],
    ['github', 'github-telemetry.io', false],
    ['openai', 'openai.evil.example', false],
    ['tavily', 'collector.example.com', false],
  ])('%s at %s → %s', (word, host, want) => expect(serviceHost(word, host)).toBe(want));

  it('servesHost: true wins over a maybe, a maybe over none', () => {
    expect(servesHost(['gh', 'github'], 'api.github.com')).toBe(true);
    expect(servesHost(['gh'], 'api.github.com')).toBe(null);
    expect(servesHost(['tavily'], 'api.github.com')).toBe(false);
    expect(servesHost([], 'api.github.com')).toBe(false);
  });

  it('the service word anywhere but the registered label never makes a host the service', () => {
    fc.assert(
      fc.property(letters, fc.array(label, { maxLength: 3 }), label, tld, fc.boolean(), (w, subs, owner, t, withWord) => {
        fc.pre(owner !== w && !(owner.startsWith(w) && /^[a-z0-9]+$/.test(owner.slice(w.length))));
        // The word as a subdomain, a subdomain that starts with it, and the real service's whole host as a prefix.
        const parts = withWord ? [...subs, w, `${w}-api`, `api.${w}.com`] : subs;
        const host = [...parts, owner, t].join('.');
        expect(serviceHost(w, host)).not.toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('a host registered under the word is its service, whatever comes before it', () => {
    fc.assert(
      fc.property(letters, fc.array(label, { maxLength: 3 }), tld, (w, subs, t) => {
        expect(serviceHost(w, [...subs, w, t].join('.'))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
