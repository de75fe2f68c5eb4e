/**
 * @tuition/domain: the rules of money and time, shared by site, studio and booking service.
 * Pure TypeScript, no I/O.
 */
export {
  BOOKING_WINDOW_DAYS,
  bookingWindow,
  isBookable,
} from './booking-window.ts';
export { type Clock, fixedClock, systemClock } from './clock.ts';
export {
  addDays,
  bandLabel,
  formatLondonDate,
  formatTime12h,
  isCalendarDate,
  isWallClockTime,
  LONDON_TZ,
  londonDate,
  londonWallClockToUtc,
  toLondonWallClock,
  weekdayOf,
} from './london-time.ts';
export {
  fillMessage,
  MESSAGES,
  type Message,
  type MessageKey,
  type MessageValues,
  withServerText,
} from './messages.ts';
export {
  BOOKING_STATUSES,
  type BookingActor,
  type BookingBadge,
  type BookingFacts,
  type BookingStatus,
  bookingBadge,
  canCancel,
  canReschedule,
  isPrevious,
  isUpcoming,
  RESCHEDULE_CUTOFF_HOURS,
  rescheduleDeadline,
} from './policies.ts';
export {
  CHECKOUT_STATUSES,
  type CheckoutStatus,
  USER_ROLES,
  type UserRole,
} from './records.ts';
export {
  type BasketPrice,
  DEFAULT_PRICING,
  formatPounds,
  type PricingRules,
  priceBasket,
  RESCHEDULE_PRICE_PENCE,
} from './pricing.ts';
export {
  isServiceCode,
  isSubjectAvailable,
  isSubjectCode,
  SERVICE_CODES,
  SERVICES,
  type Service,
  type ServiceCode,
  SUBJECT_CODES,
  SUBJECTS,
  type Subject,
  type SubjectCode,
  serviceFromQuery,
} from './services.ts';
export {
  type ConcreteSession,
  findSession,
  listSessions,
  SESSION_MINUTES,
  WEEKDAYS,
  type Weekday,
  type WeeklySlot,
  weeklySlotSchema,
} from './timetable.ts';
export {
  BASKET_MAX_SESSIONS,
  type Basket,
  basketSchema,
  type ChangePassword,
  type ContactEnquiry,
  changePasswordSchema,
  contactEnquirySchema,
  EMAIL_MAX_LENGTH,
  ENQUIRY_MESSAGE_MAX_LENGTH,
  emailSchema,
  filterPhoneInput,
  forgotPasswordSchema,
  NAME_MAX_LENGTH,
  nameSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_CHARS,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  type ProfileUpdate,
  passwordSchema,
  phoneSchema,
  profileUpdateSchema,
  type RescheduleRequest,
  resetPasswordSchema,
  rescheduleSchema,
  type SignIn,
  type SignUp,
  signInSchema,
  signUpSchema,
  YEAR_GROUPS,
  type YearGroup,
} from './validation.ts';
