/*
 * The sizes the bench seeds before measuring (docs/capacity.md, "Admin reads at S, M and L").
 * S is the small seed every run has (the booking window's sessions, 40 customers, one customer
 * with a long history); M and L add history generated in SQL on top of it.
 */

export interface Scale {
  name: string;
  /** Past sessions, spread evenly over `years` before now. */
  sessions: number;
  years: number;
  accounts: number;
  /** Pupils: one per account, then a second for the first (pupils - accounts) accounts. */
  pupils: number;
  /** Past bookings: about 10 confirmed a session, the rest cancelled or rescheduled. */
  bookings: number;
  /** Paid checkouts, paid over the same years; one in 40 refunded. */
  payments: number;
  /** Local mailbox messages per seeded account (the data export reads them). */
  mailsPerAccount: number;
}

const NONE = {
  sessions: 0,
  years: 0,
  accounts: 0,
  pupils: 0,
  bookings: 0,
  payments: 0,
  mailsPerAccount: 0,
} as const;

/** Two years of the timetable. */
const M: Scale = {
  name: 'M',
  sessions: 1_560,
  years: 2,
  accounts: 5_000,
  pupils: 8_000,
  bookings: 60_000,
  payments: 20_000,
  mailsPerAccount: 3,
};

export const SCALES: Record<'S' | 'M' | 'L', Scale> = {
  S: { name: 'S', ...NONE },
  M,
  L: {
    name: 'L',
    sessions: 15_600,
    years: 10,
    accounts: 50_000,
    pupils: 80_000,
    bookings: 600_000,
    payments: 200_000,
    mailsPerAccount: 3,
  },
};

/**
 * BENCH_SCALE=S|M|L (default S). BENCH_BOOKINGS=N, as before the scales: N past bookings, ten a
 * session an hour apart, by 2000 accounts, on top of S.
 */
export function scaleFromEnv(env: NodeJS.ProcessEnv): Scale {
  const legacyBookings = Number(env.BENCH_BOOKINGS ?? 0);
  if (legacyBookings > 0) {
    const sessions = Math.ceil(legacyBookings / 10);
    return {
      ...NONE,
      name: `BENCH_BOOKINGS=${legacyBookings}`,
      sessions,
      years: sessions / (365 * 24),
      accounts: 2_000,
      pupils: 2_000,
      bookings: legacyBookings,
    };
  }
  const name = (env.BENCH_SCALE ?? 'S').toUpperCase();
  if (name !== 'S' && name !== 'M' && name !== 'L')
    throw new Error(`BENCH_SCALE must be S, M or L, not ${env.BENCH_SCALE}`);
  return SCALES[name];
}
