/** Colours and fallback names of the card game's regions, by the two letters card codes carry. */
const REGIONS: Record<string, { name: string; color: string }> = {
  DE: { name: 'Demacia', color: '#e3d3a6' },
  FR: { name: 'Freljord', color: '#7cc3e6' },
  IO: { name: 'Ionia', color: '#e68db4' },
  NX: { name: 'Noxus', color: '#d2564f' },
  PZ: { name: 'Piltover & Zaun', color: '#eda65a' },
  SI: { name: 'Shadow Isles', color: '#3fbf9f' },
  BW: { name: 'Bilgewater', color: '#d7855a' },
  MT: { name: 'Targon', color: '#9488ee' },
  SH: { name: 'Shurima', color: '#e8c45a' },
  BC: { name: 'Bandle City', color: '#bcd865' },
  RU: { name: 'Runeterra', color: '#bdb09c' },
};

const UNKNOWN = { name: 'Unknown region', color: '#8b98a5' };

export function regionColor(faction: string): string {
  return (REGIONS[faction] ?? UNKNOWN).color;
}

export function regionName(faction: string): string {
  return (REGIONS[faction] ?? UNKNOWN).name;
}
