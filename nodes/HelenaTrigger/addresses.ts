/** Allowed sender addresses: single IPv4 or IPv6 addresses and CIDR ranges (127.0.0.0/8, 2001:db8::/32). */

interface Address {
	family: 4 | 6;
	value: bigint;
}

export interface AddressRange extends Address {
	prefix: number;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function parseIpv4(text: string): bigint | undefined {
	const parts = IPV4.exec(text);
	if (!parts) return undefined;
	const bytes = parts.slice(1).map(Number);
	if (bytes.some((byte) => byte > 255)) return undefined;
	return bytes.reduce((value, byte) => (value << 8n) + BigInt(byte), 0n);
}

function parseIpv6(text: string): bigint | undefined {
	let full = text;
	if (full.includes('.')) {
		// an IPv4 address in the last 32 bits (::ffff:18.215.79.89) becomes two groups
		const lastColon = full.lastIndexOf(':');
		const ipv4 = parseIpv4(full.slice(lastColon + 1));
		if (ipv4 === undefined) return undefined;
		full = `${full.slice(0, lastColon + 1)}${(ipv4 >> 16n).toString(16)}:${(ipv4 & 0xffffn).toString(16)}`;
	}
	const halves = full.split('::');
	if (halves.length > 2) return undefined;
	const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
	const head = groupsOf(halves[0]);
	const back = halves.length === 2 ? groupsOf(halves[1]) : [];
	if ([...head, ...back].some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return undefined;
	const given = head.length + back.length;
	if (halves.length === 1 ? given !== 8 : given > 7) return undefined;
	const groups = [...head, ...new Array<string>(8 - given).fill('0'), ...back];
	return groups.reduce((value, group) => (value << 16n) + BigInt(parseInt(group, 16)), 0n);
}

const MAPPED_IPV4 = 0xffffn << 32n;

/** An address as n8n reports the caller (IPv4 may arrive as `::ffff:a.b.c.d`), or undefined. */
export function parseAddress(text: string | undefined): Address | undefined {
	const trimmed = (text ?? '').trim().replace(/%.*$/, '');
	const ipv4 = parseIpv4(trimmed);
	if (ipv4 !== undefined) return { family: 4, value: ipv4 };
	const ipv6 = trimmed.includes(':') ? parseIpv6(trimmed.replace(/^\[|\]$/g, '')) : undefined;
	if (ipv6 === undefined) return undefined;
	if (ipv6 >> 32n === MAPPED_IPV4 >> 32n) return { family: 4, value: ipv6 & 0xffffffffn };
	return { family: 6, value: ipv6 };
}

const bitsOf = (family: 4 | 6) => (family === 4 ? 32 : 128);

/** One entry of the option: an address (a range of one) or `address/prefix`; undefined when it is neither. */
export function parseRange(text: string): AddressRange | undefined {
	const [address, prefixText, extra] = text.split('/');
	if (extra !== undefined) return undefined;
	const parsed = parseAddress(address);
	if (!parsed) return undefined;
	const mappedShift = parsed.family === 4 && address.includes(':') ? 96 : 0;
	if (prefixText === undefined) return { ...parsed, prefix: bitsOf(parsed.family) };
	if (!/^\d{1,3}$/.test(prefixText)) return undefined;
	const prefix = Number(prefixText) - mappedShift;
	if (prefix < 0 || prefix > bitsOf(parsed.family)) return undefined;
	return { ...parsed, prefix };
}

/** The ranges of the option text (comma or space separated) and the entries that are not addresses or ranges. */
export function parseAllowedAddresses(text: unknown): { ranges: AddressRange[]; invalid: string[] } {
	const entries = String(text ?? '')
		.split(/[\s,]+/)
		.filter(Boolean);
	const ranges: AddressRange[] = [];
	const invalid: string[] = [];
	for (const entry of entries) {
		const range = parseRange(entry);
		if (range) ranges.push(range);
		else invalid.push(entry);
	}
	return { ranges, invalid };
}

/** Whether the caller's address falls in one of the ranges; no ranges means every address. */
export function isAllowed(ranges: AddressRange[], callerAddress: string | undefined): boolean {
	if (ranges.length === 0) return true;
	const caller = parseAddress(callerAddress);
	if (!caller) return false;
	return ranges.some((range) => {
		if (range.family !== caller.family) return false;
		const shift = BigInt(bitsOf(range.family) - range.prefix);
		return range.value >> shift === caller.value >> shift;
	});
}
