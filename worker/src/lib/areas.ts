import type { Area } from '@gi/contracts';
import data from '../data/areas.json';

// Indonesia's provinces, regencies/cities and districts (npm idn-area-data, compacted
// by worker/scripts/areas.mjs). Bundled with the Worker: the API hands them out one
// level at a time, so a browser never downloads all of them.

type Pairs = [string, string][];
const { provinces, regencies, districts } = data as unknown as {
  provinces: Pairs;
  regencies: Record<string, Pairs>;
  districts: Record<string, Pairs>;
};

const toAreas = (pairs: Pairs | undefined): Area[] => (pairs ?? []).map(([code, name]) => ({ code, name }));

export const provinceList = (): Area[] => toAreas(provinces);

/** Null when the province does not exist. */
export function regenciesOf(provinceCode: string): Area[] | null {
  const list = Object.hasOwn(regencies, provinceCode) ? regencies[provinceCode] : undefined;
  return list ? toAreas(list) : null;
}

/** Null when the regency does not exist. */
export function districtsOf(regencyCode: string): Area[] | null {
  const list = Object.hasOwn(districts, regencyCode) ? districts[regencyCode] : undefined;
  return list ? toAreas(list) : null;
}

function find(pairs: Pairs | undefined, code: string): Area | null {
  const pair = pairs?.find(([c]) => c === code);
  return pair ? { code: pair[0], name: pair[1] } : null;
}

export interface ResolvedArea {
  province: Area;
  regency: Area;
  district: Area;
}

/** The named areas of a district, or null unless each code lies inside the one before. */
export function resolveArea(
  provinceCode: string,
  regencyCode: string,
  districtCode: string,
): ResolvedArea | null {
  if (!regencyCode.startsWith(`${provinceCode}.`) || !districtCode.startsWith(`${regencyCode}.`)) return null;
  const province = find(provinces, provinceCode);
  const regency = find(
    Object.hasOwn(regencies, provinceCode) ? regencies[provinceCode] : undefined,
    regencyCode,
  );
  const district = find(
    Object.hasOwn(districts, regencyCode) ? districts[regencyCode] : undefined,
    districtCode,
  );
  return province && regency && district ? { province, regency, district } : null;
}

/** Name of a province ('32') or regency/city ('32.71') code, null when unknown. */
export function areaName(code: string): string | null {
  const [provinceCode = ''] = code.split('.');
  if (code === provinceCode) return find(provinces, code)?.name ?? null;
  return (
    find(Object.hasOwn(regencies, provinceCode) ? regencies[provinceCode] : undefined, code)?.name ?? null
  );
}
