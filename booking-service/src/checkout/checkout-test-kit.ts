// Moved to testing/checkout-test-kit.ts. This forwarder stays only while the bookings/,
// reminders/ and waitlist/ tests (being restructured by their owner) still import the old path;
// the architecture test names it as a production module importing testing/ until it is deleted.
export * from '../testing/checkout-test-kit.ts';
