import { describe, expect, it } from 'vitest';
import { creditedTeam, decodeStructure, describeStructure } from './structureNames';
import { describeUnit } from './unitNames';

const RIFT = 11;
const describe11 = (name: string) => describeStructure(decodeStructure(name, RIFT));

describe('structure names', () => {
  it('decodes team, lane and tier on Summoner’s Rift', () => {
    expect(describe11('Turret_T2_R_03_A')).toBe('the Red bot outer turret');
    expect(describe11('Turret_T1_L_02_A')).toBe('the Blue top inner turret');
    expect(describe11('Turret_T2_L_01_A')).toBe('the Red top inhibitor turret');
    expect(describe11('Turret_T1_C_05_A')).toBe('the Blue mid outer turret');
    expect(describe11('Turret_T2_C_04_A')).toBe('the Red mid inner turret');
    expect(describe11('Turret_T2_C_03_A')).toBe('the Red mid inhibitor turret');
    expect(describe11('Turret_T2_C_01_A')).toBe('a Red nexus turret');
    expect(describe11('Turret_T1_C_06_A')).toBe('the Blue top inhibitor turret');
    expect(describe11('Turret_T1_C_07_A')).toBe('the Blue bot inhibitor turret');
    expect(describe11('Turret_ChaosTurretShrine_A')).toBe('the Red fountain turret');
  });

  it('decodes inhibitors from the lane letter', () => {
    expect(describe11('Barracks_T2_C1')).toBe('the Red mid inhibitor');
    expect(describe11('Barracks_T1_L1')).toBe('the Blue top inhibitor');
    expect(describe11('Barracks_T1_R1')).toBe('the Blue bot inhibitor');
  });

  it('uses the Howling Abyss numbering on ARAM', () => {
    expect(describeStructure(decodeStructure('Turret_T2_L_01_A', 12))).toBe('the Red mid outer turret');
    // Codes named like Object properties are unknown codes, never Object's functions.
    expect(decodeStructure('Turret_constructor_toString_03_A', RIFT)).toMatchObject({
      team: null,
      lane: null,
    });
    expect(decodeStructure('Barracks___proto___constructor', RIFT)).toMatchObject({ team: null, lane: null });
    expect(describeStructure(decodeStructure('Turret_T1_C_07_A', 12))).toBe('the Blue mid inhibitor turret');
    expect(describeStructure(decodeStructure('Turret_T1_C_09_A', 12))).toBe('a Blue nexus turret');
  });

  it('says what it can of names it does not know', () => {
    expect(describe11('Turret_T9_X_99_A')).toBe('a turret');
    expect(describe11('Something')).toBe('a structure');
    expect(describe11('')).toBe('a structure');
  });

  it('credits the side that did not own the structure', () => {
    expect(creditedTeam(decodeStructure('Turret_T2_R_03_A', RIFT))).toBe('ORDER');
    expect(creditedTeam(decodeStructure('Barracks_T1_C1', RIFT))).toBe('CHAOS');
    expect(creditedTeam(decodeStructure('Turret_T9_X_99_A', RIFT))).toBeNull();
  });
});

describe('unit names', () => {
  it('names killers that are not players', () => {
    expect(describeUnit('Turret_T2_L_03_A')).toEqual({ label: 'a turret', team: 'CHAOS' });
    expect(describeUnit('Minion_T100L0S11N0120')).toEqual({ label: 'Blue minions', team: 'ORDER' });
    expect(describeUnit('SRU_Baron12.1.1')).toEqual({ label: 'Baron Nashor', team: null });
    expect(describeUnit('SRU_Krug5.1.2')).toEqual({ label: 'a monster', team: null });
    expect(describeUnit('Sightline')).toBeNull();
  });
});
