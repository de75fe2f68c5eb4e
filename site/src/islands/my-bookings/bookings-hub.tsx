// /manage-bookings (docs/product-rules.md#pages): three cards leading to the customer's booking
// pages.
import { useSession } from '../../lib/auth-client.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { BookingsLoginPrompt } from './bookings-login-prompt.tsx';
import './bookings.css';

const CARDS = [
  {
    href: '/upcoming-bookings',
    title: 'Upcoming Bookings',
    text: 'See the sessions you have booked, reschedule or cancel them.',
  },
  {
    href: '/previous-bookings',
    title: 'Previous Bookings',
    text: 'Sessions you have attended, cancelled or moved.',
  },
  {
    href: '/payments-invoices',
    title: 'Payments & Invoices',
    text: 'Your payments and what each one paid for.',
  },
] as const;

export function BookingsHubContent() {
  const session = useSession();
  if (!session.isPending && !session.data?.user) {
    return <BookingsLoginPrompt what="manage your bookings" />;
  }
  return (
    <ul className="bookings-hub">
      {CARDS.map((card) => (
        <li key={card.href}>
          <a className="card card--link bookings-hub__card" href={card.href}>
            <h2 className="bookings-hub__title">{card.title}</h2>
            <p>{card.text}</p>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function BookingsHub() {
  return (
    <AppProviders>
      <BookingsHubContent />
    </AppProviders>
  );
}

export default BookingsHub;
