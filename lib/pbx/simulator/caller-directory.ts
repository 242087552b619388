/**
 * Outside callers: plausible names and E.164 numbers from ranges reserved for
 * drama and testing, so no real subscriber is ever shown. Some callers ring again
 * the same day, which is what a wallboard's "repeat caller" needs.
 */
import type { ExternalParty } from './call-actions';
import { chance, pick, type Random } from './random';

const FIRST_NAMES = ['Olivia', 'Noah', 'Amelia', 'Jack', 'Isla', 'Oscar', 'Mia', 'Leo', 'Ava', 'Arthur', 'Priya', 'Mateo', 'Zara', 'Tomasz', 'Chloe', 'Yusuf', 'Sofia', 'Ethan', 'Hana', 'Lucas'];
const LAST_NAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Thomas', 'Roberts', 'Khan', 'Nguyen', 'Garcia', 'Müller', 'Kowalski', "O'Brien", 'Singh', 'Rossi', 'Kim', 'Moreau', 'Cohen'];
const US_AREA_CODES = ['202', '212', '312', '415', '617', '713'];
const REPEAT_PROBABILITY = 0.15;
const REMEMBERED_CALLERS = 300;

export interface CallerDirectory {
  next(now: number): ExternalParty;
}

export function createCallerDirectory(random: Random, timeZone: string): CallerDirectory {
  let today = '';
  let callersToday: ExternalParty[] = [];
  const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

  return {
    next(now) {
      const day = dayOf.format(now);
      if (day !== today) {
        today = day;
        callersToday = [];
      }
      const again = chance(random, REPEAT_PROBABILITY) ? pick(random, callersToday) : undefined;
      if (again) return again;
      const caller = { number: phoneNumber(random, timeZone), name: `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}` };
      callersToday.push(caller);
      if (callersToday.length > REMEMBERED_CALLERS) callersToday.shift();
      return caller;
    },
  };
}

function digits(random: Random, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += Math.floor(random() * 10);
  return out;
}

/** Ofcom's 07700 900xxx drama range for Europe; NANP 555-01xx fiction numbers for the Americas. */
function phoneNumber(random: Random, timeZone: string): string {
  if (timeZone.startsWith('America/')) return `+1${pick(random, US_AREA_CODES)}55501${digits(random, 2)}`;
  return `+447700900${digits(random, 3)}`;
}
