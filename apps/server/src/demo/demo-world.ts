import { PERSON_NAMES, PRODUCT_GROUPS, productCode, type ProductGroupKey } from './catalog.data.js';
import {
  BRANCH_REGIONS,
  FOREIGN_STATES,
  TR_REGIONS,
  branchName,
  trProvinceCode,
  type CountryCode,
} from './geography.data.js';
import type { TopicKey } from './comment-phrases.data.js';
import { Prng } from './prng.js';

// The demo's world: which branches are busy or struggling, which products delight, which employees stand out.
// It comes from a fixed seed, so every load and every `npm run demo` adds data about the same bank; the run's
// seed only changes the individual sessions.
const WORLD_SEED = 1_905;

export type WorldBranch = {
  code: string;
  name: string;
  regionCode: string;
  country: CountryCode;
  /** Location code of the branch's province (Turkey) or city (India, USA). */
  locationCode: string;
  /** Minutes ahead of UTC where the branch is (standard time). */
  utcOffset: number;
  /** Relative number of customers. */
  weight: number;
  /** Latent service quality: shifts every score of the branch's sessions. */
  quality: number;
  /** Waiting-time trouble (negative is worse), on top of quality. */
  queue: number;
  /** The topic the branch's unhappy customers bring up more than elsewhere. */
  weakSpot: TopicKey;
  employees: WorldEmployee[];
};

type WorldEmployee = { code: string; fullName: string; email: string; quality: number };

export type WorldProduct = {
  code: string;
  name: string;
  group: ProductGroupKey;
  quality: number;
  weight: number;
};

export type World = { branches: WorldBranch[]; products: WorldProduct[] };

const WEAK_SPOTS: readonly TopicKey[] = [
  'waiting.queue',
  'staff.friendliness',
  'environment',
  'atm',
  'staff.expertise',
];

const FOREIGN_OFFSET = new Map(
  FOREIGN_STATES.flatMap((s) => s.cities.map((c) => [`${s.code}-${c.code}`, s.utcOffset])),
);

// Branches in these districts are flagships: more customers, more staff.
const FLAGSHIPS = new Set([
  'Levent',
  'Kadıköy',
  'Çankaya',
  'Alsancak',
  'Nilüfer',
  'Muratpaşa',
  'Mumbai Fort',
  'NYC Midtown',
]);
// A handful of branches with real problems, so some branch NPS values are negative.
const STRUGGLING = new Set([
  'Esenyurt',
  'Sultanbeyli',
  'Yüreğir',
  'Bağlar',
  'Mamak',
  'Queens Astoria',
  'Kepez',
]);

export function buildWorld(): World {
  const prng = new Prng(WORLD_SEED);
  let employeeNumber = 0;
  const branches: WorldBranch[] = [];
  let branchNumber = 0;
  for (const region of BRANCH_REGIONS) {
    for (const place of region.branches) {
      const locationCode = typeof place.place === 'number' ? trProvinceCode(place.place) : place.place;
      const country = locationCode.slice(0, 2) as CountryCode;
      for (const name of place.names) {
        branchNumber += 1;
        let weight = Math.exp(0.45 * prng.normal()) * (country === 'TR' ? 1 : 0.6);
        if (FLAGSHIPS.has(name)) weight *= 2;
        const quality = STRUGGLING.has(name) ? -1.1 - 0.3 * prng.next() : 0.33 * prng.normal();
        const staffCount = Math.max(4, Math.min(28, Math.round(9.5 * weight + prng.int(-2, 2))));
        const employees: WorldEmployee[] = [];
        for (let i = 0; i < staffCount; i++) {
          employeeNumber += 1;
          employees.push(makeEmployee(prng, country, employeeNumber));
        }
        branches.push({
          code: `BR-${String(branchNumber).padStart(4, '0')}`,
          name: branchName(name, country),
          regionCode: region.code,
          country,
          locationCode,
          utcOffset: country === 'TR' ? 180 : (FOREIGN_OFFSET.get(locationCode) ?? 0),
          weight,
          quality,
          queue: prng.chance(0.2) ? -0.5 - 0.5 * prng.next() : 0.15 * prng.normal(),
          weakSpot: prng.pick(WEAK_SPOTS),
          employees,
        });
      }
    }
  }

  const products: WorldProduct[] = PRODUCT_GROUPS.flatMap((group) =>
    group.products.map((name, index) => ({
      code: productCode(group.key, index),
      name,
      group: group.key,
      quality: 0.25 * prng.normal(),
      // Earlier products of a group are the everyday ones (current account, classic card, consumer loan).
      weight: 1 / (index + 1.5),
    })),
  );
  return { branches, products };
}

function makeEmployee(prng: Prng, country: CountryCode, number: number): WorldEmployee {
  const names = country === 'TR' ? PERSON_NAMES.tr : country === 'IN' ? PERSON_NAMES.in : PERSON_NAMES.us;
  const first = prng.pick(names.first);
  const last = prng.pick(names.last);
  const code = `EMP-${String(number).padStart(5, '0')}`;
  return {
    code,
    fullName: `${first} ${last}`,
    email: `${asciiSlug(first)}.${asciiSlug(last)}.${number}@demo-bank.example`,
    // Most staff are average; a few are stars or need coaching.
    quality: prng.chance(0.08) ? (prng.chance(0.5) ? 0.7 : -0.7) : 0.2 * prng.normal(),
  };
}

const TURKISH_ASCII: Readonly<Record<string, string>> = {
  ç: 'c',
  ğ: 'g',
  ı: 'i',
  ö: 'o',
  ş: 's',
  ü: 'u',
  Ç: 'c',
  Ğ: 'g',
  İ: 'i',
  Ö: 'o',
  Ş: 's',
  Ü: 'u',
};

/** Lower-case ASCII for e-mail addresses: "Şule" becomes "sule". */
export function asciiSlug(text: string): string {
  return text
    .replace(/[çğıöşüÇĞİÖŞÜ]/g, (c) => TURKISH_ASCII[c] ?? c)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** Every Turkish province code (TR-01 … TR-81) with its geographic region code. */
export function turkishProvinces(): { code: string; plate: number; regionCode: string }[] {
  return TR_REGIONS.flatMap((region) =>
    region.provinces.map((plate) => ({ code: trProvinceCode(plate), plate, regionCode: region.code })),
  ).sort((a, b) => a.plate - b.plate);
}
