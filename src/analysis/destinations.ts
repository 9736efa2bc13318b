// Destinations whose purpose is to receive data from anyone: the places a named credential has no business going
// as authentication. A key in a request to an ordinary API host is how that key is used; the same key posted to one
// of these is handed to whoever reads the capture, the paste or the tunnel. Every category comes from a public source
// that names it as an exfiltration channel or states the service's purpose:
// - webhook capture: MITRE ATT&CK T1567.004 "Exfiltration Over Webhook" (https://attack.mitre.org/techniques/T1567/004/)
//   names Discord webhooks and webhook.site;
// - text storage: MITRE ATT&CK T1567.003 "Exfiltration to Text Storage Sites" and its detection strategy DET0284
//   (https://attack.mitre.org/detectionstrategies/DET0284) name pastebin.com, hastebin.com and ghostbin.com; the
//   LOTS project (https://lots-project.com/) tags pastebin.com "Exfiltration";
// - tunnels: ngrok is MITRE ATT&CK software S0508 (https://attack.mitre.org/software/S0508/), used to exfiltrate data;
//   its documented endpoint domains are ngrok.io, ngrok.app, ngrok.dev and their -free forms
//   (https://ngrok.com/docs/universal-gateway/domains/); Cloudflare's quick tunnels get a random name under
//   trycloudflare.com (https://developers.cloudflare.com/cloudflare-one/connections/connect-networks/do-more-with-tunnels/trycloudflare/);
// - out-of-band capture: interactsh's public servers oast.pro, oast.live, oast.site, oast.online, oast.fun, oast.me
//   (https://github.com/projectdiscovery/interactsh) and Burp Collaborator's burpcollaborator.net and oastify.com
//   (https://portswigger.net/burp/documentation/collaborator) exist to record whatever reaches them;
// - a raw public IP address: no service a credential belongs to is addressed by a bare public IP in a skill.

export interface UnusualDestination {
  host: string;
  /** Why the destination is not a service a credential authenticates to, for the message. */
  why: string;
}

const CATEGORIES: { re: RegExp; why: string }[] = [
  { re: /(?:^|\.)webhook\.site$/, why: 'a public request-capture service (MITRE ATT&CK T1567.004)' },
  { re: /(?:^|\.)discord(?:app)?\.com\/api\/webhooks\//, why: 'a Discord webhook, a channel anyone can be given (MITRE ATT&CK T1567.004)' },
  { re: /(?:^|\.)(?:pastebin\.com|hastebin\.com|ghostbin\.com?)$/, why: 'a public paste site (MITRE ATT&CK T1567.003)' },
  { re: /(?:^|\.)ngrok(?:-free)?\.(?:io|app|dev)$/, why: 'an ngrok tunnel to someone\'s machine (MITRE ATT&CK S0508)' },
  { re: /(?:^|\.)trycloudflare\.com$/, why: 'a Cloudflare quick tunnel to someone\'s machine' },
  { re: /(?:^|\.)oast\.(?:pro|live|site|online|fun|me)$|(?:^|\.)(?:burpcollaborator\.net|oastify\.com)$/, why: 'an out-of-band capture server (interactsh, Burp Collaborator)' },
];

/** A public IPv4 address: not loopback, private (RFC 1918), link-local, CGNAT or unspecified. */
function publicIPv4(h: string): boolean {
  const m = /^([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})$/.exec(h);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  if ([a, b, Number(m[3]), Number(m[4])].some((x) => x > 255)) return false;
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  return true;
}

/** The unusual destination a URL (or a bare host, or host:port) points at, or null for an ordinary host. */
export function unusualDestination(url: string | null | undefined): UnusualDestination | null {
  if (!url) return null;
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/\s]*@)?([^/:?#\s'"]+)(?::[0-9]+)?(\/[^\s'"?#]*)?/i.exec(url.trim());
  if (!m) return null;
  const host = m[1]!.toLowerCase();
  const hostPath = host + (m[2] ?? '').toLowerCase();
  for (const c of CATEGORIES) if (c.re.test(host) || c.re.test(hostPath)) return { host, why: c.why };
  if (publicIPv4(host)) return { host, why: 'a bare public IP address' };
  return null;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'`<>)\]}]+/gi;

/** The first unusual destination among the URLs written in `text`, or null. */
export function unusualDestinationIn(text: string): UnusualDestination | null {
  for (const m of text.matchAll(URL_IN_TEXT)) {
    const d = unusualDestination(m[0]);
    if (d) return d;
  }
  return null;
}
