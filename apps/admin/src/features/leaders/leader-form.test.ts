import { describe, expect, it } from 'vitest';
import { leaderFromForm, leaderTexts, leaderTitles, leaderToForm, moveLeader, newLeaderForm, titledName, validateLeader } from './leader-form';

const filled = { ...newLeaderForm(30), name: ' Grace Mwangi ', position: 'Associate Pastor', category: 'pastoral' };

describe('leader form', () => {
  it('starts in Ministry Leaders, placed after the listed leaders', () => {
    expect(newLeaderForm(30)).toMatchObject({ category: 'ministry', display_order: '31' });
    expect(newLeaderForm(0).display_order).toBe('1');
  });

  it('requires name, position and category', () => {
    expect(validateLeader({ ...newLeaderForm(0), category: '' })).toEqual({
      name: leaderTexts.nameRequired,
      position: leaderTexts.positionRequired,
      category: leaderTexts.categoryRequired,
    });
    expect(validateLeader(filled)).toEqual({});
  });

  it('checks display order, years of service and e-mail', () => {
    expect(validateLeader({ ...filled, display_order: '-1' }).display_order).toBe(leaderTexts.displayOrder);
    expect(validateLeader({ ...filled, display_order: '' }).display_order).toBe(leaderTexts.displayOrder);
    expect(validateLeader({ ...filled, display_order: '0' }).display_order).toBeUndefined();
    expect(validateLeader({ ...filled, years_of_service: '-2' }).years_of_service).toBe(leaderTexts.yearsOfService);
    expect(validateLeader({ ...filled, years_of_service: '2.5' }).years_of_service).toBe(leaderTexts.yearsOfService);
    expect(validateLeader({ ...filled, years_of_service: '' }).years_of_service).toBeUndefined();
    expect(validateLeader({ ...filled, email: 'grace@church' }).email).toBe(leaderTexts.email);
    expect(validateLeader({ ...filled, email: 'grace@church.org' }).email).toBeUndefined();
  });

  it('writes empty optional fields as null and splits the specialties', () => {
    expect(leaderFromForm({ ...filled, specialties: ' Youth, , Counseling ,Bible Studies,' })).toEqual({
      name: 'Grace Mwangi',
      title: null,
      position: 'Associate Pastor',
      category: 'pastoral',
      email: null,
      phone: null,
      bio: null,
      years_of_service: null,
      specialties: ['Youth', 'Counseling', 'Bible Studies'],
      display_order: 31,
      position_sw: null,
      bio_sw: null,
      specialties_sw: null,
    });
    expect(leaderFromForm({ ...filled, years_of_service: '4' }).years_of_service).toBe(4);
  });

  it('writes the Kiswahili fields beside the English, a blank one as null (not translated)', () => {
    expect(
      leaderFromForm({ ...filled, position_sw: ' Mchungaji Msaidizi ', bio_sw: '  ', specialties_sw: ' Vijana, , Ushauri ' }),
    ).toMatchObject({ position: 'Associate Pastor', position_sw: 'Mchungaji Msaidizi', bio_sw: null, specialties_sw: ['Vijana', 'Ushauri'] });
    expect(leaderFromForm({ ...filled, specialties_sw: ' , ' }).specialties_sw).toBeNull();
  });

  it('round-trips a leader through the form', () => {
    const leader = {
      id: 'l1',
      name: 'Peter Kamau',
      title: 'elder' as const,
      position: 'Elder',
      category: 'elder' as const,
      email: 'kamau@example.org',
      phone: '+254700100104',
      bio: 'Leads visitation',
      years_of_service: 10,
      specialties: ['Prayer', 'Visitation'],
      display_order: 4,
      is_active: true,
      position_sw: 'Mzee wa Kanisa',
      bio_sw: 'Anaongoza ziara',
      specialties_sw: ['Maombi', 'Kutembelea Washiriki'],
    };
    const { id, is_active, ...row } = leader;
    expect([id, is_active]).toEqual(['l1', true]);
    expect(leaderFromForm(leaderToForm(leader))).toEqual(row);
  });

  it('keeps the title apart from the name: one of the fixed set or none, shown before the name (issue 41)', () => {
    expect(leaderFromForm({ ...filled, title: 'pastor' }).title).toBe('pastor');
    expect(leaderFromForm({ ...filled, title: '' }).title).toBeNull();
    expect(leaderFromForm({ ...filled, title: 'bishop' }).title).toBeNull();
    expect(titledName({ name: 'Grace Mwangi', title: 'pastor' })).toBe('Pr. Grace Mwangi');
    expect(titledName({ name: 'Ruth Odhiambo', title: 'elder' })).toBe('Elder Ruth Odhiambo');
    expect(titledName({ name: 'Mary Githinji', title: null })).toBe('Mary Githinji');
    expect(leaderTitles.map((t) => t.value)).toEqual(['pastor', 'elder', 'deacon', 'deaconess', 'dr', 'prof', 'mr', 'mrs', 'ms']);
  });

  it('moves a leader by swapping display orders with the neighbour', () => {
    const list = [
      { id: 'a', display_order: 1 },
      { id: 'b', display_order: 2 },
      { id: 'c', display_order: 5 },
    ];
    expect(moveLeader(list, 2, -1)).toEqual([
      { id: 'c', display_order: 2 },
      { id: 'b', display_order: 5 },
    ]);
    expect(moveLeader(list, 0, 1)).toEqual([
      { id: 'b', display_order: 1 },
      { id: 'a', display_order: 2 },
    ]);
    expect(moveLeader(list, 0, -1)).toEqual([]);
    expect(moveLeader(list, 2, 1)).toEqual([]);
    // Equal numbers still give a visible move.
    expect(moveLeader([{ id: 'a', display_order: 3 }, { id: 'b', display_order: 3 }], 1, -1)).toEqual([
      { id: 'b', display_order: 3 },
      { id: 'a', display_order: 4 },
    ]);
  });
});
