import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * The integrations' HTTP POST (docs/integrations.md "Outbound addresses"). A tenant administrator names the URL, so
 * unless the node is told otherwise (INTEGRATION_ALLOW_PRIVATE_ADDRESSES) a delivery never reaches this machine or
 * its private network: the address a host name resolves to is checked in the connection's own lookup, so a DNS
 * answer cannot change between the check and the connect.
 */

/** Loopback, private, link-local, shared, benchmarking, multicast and reserved ranges (RFC 6890). */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** Whether an address is one a delivery may not reach (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`refused: ${host} is a private address (${address})`);
  }
}

/** dns.lookup that refuses a private answer; every answer is checked when all are asked for. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused || addresses.length === 0) {
      callback(new PrivateAddressError(hostname, refused?.address ?? 'none'), '', 0);
      return;
    }
    if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export type OutboundResponse = { status: number; body: string };

/**
 * One POST, without following redirects, within `timeoutMs`; the body read up to `maxBodyChars`. A private
 * destination is refused unless `allowPrivate` (tests and a node that calls its own network on purpose).
 */
export function postOutbound(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: OutboundOptions,
): Promise<OutboundResponse> {
  return sendOutbound('POST', url, headers, body, options);
}

/** One GET under the same rules as `postOutbound` (the review sources' fetch, docs/review-sources.md). */
export function getOutbound(
  url: string,
  headers: Record<string, string>,
  options: OutboundOptions,
): Promise<OutboundResponse> {
  return sendOutbound('GET', url, headers, undefined, options);
}

type OutboundOptions = { timeoutMs: number; allowPrivate: boolean; maxBodyChars: number };

function sendOutbound(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  options: OutboundOptions,
): Promise<OutboundResponse> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host))
    return Promise.reject(new PrivateAddressError(host, host));
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        ...(options.allowPrivate ? {} : { lookup: publicLookup }),
      },
      (response: IncomingMessage) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < options.maxBodyChars) text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    // The whole attempt, not only an idle socket, is bounded.
    const timer = setTimeout(
      () => request.destroy(new Error(`timed out after ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on('close', () => clearTimeout(timer));
    request.on('error', reject);
    request.end(body);
  });
}
