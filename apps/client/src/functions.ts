/**
 * `/functions/v1`: the server's own endpoints (public forms, service modes, staff sends), with
 * the same keys and error handling as the table API. A refused submission's `KanisaError`
 * carries `fields` (the body's field name → the message to show beside it).
 */
import type { Http, KanisaResult } from './http';

export interface InvokeOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Default: POST with a body, GET without one. */
  method?: 'GET' | 'POST';
  headers?: HeadersInit;
  signal?: AbortSignal;
}

/** The request-submission page's categories (public-site.md §2). */
export type RequestCategory = 'prayer' | 'visitation' | 'reports' | 'counseling' | 'events' | 'maintenance' | 'general';

/** A file uploaded beforehand to `church-files`: its path in the bucket and its original name. */
export interface SubmittedAttachment {
  path: string;
  name: string;
}

/**
 * One request form (public-site.md §3 "Request form fields"). Fields that do not apply to the
 * category are left out or ''.
 */
export interface RequestSubmission {
  category: RequestCategory;
  anonymous: boolean;
  name?: string;
  email?: string;
  phone?: string;
  subject: string;
  message: string;
  urgency?: string;
  preferredContactMethod?: string;
  requestType?: string;
  department?: string;
  prayerType?: string;
  prayerPrivacy?: string;
  visitationType?: string;
  visitationAddress?: string;
  visitationDate?: string;
  visitationTime?: string;
  reportType?: string;
  reportPeriod?: string;
  counselingType?: string;
  counselingUrgency?: string;
  preferredCounselor?: string;
  eventTitle?: string;
  eventDate?: string;
  eventTime?: string;
  eventLocation?: string;
  eventBudget?: string;
  eventAttendees?: string;
  maintenanceLocation?: string;
  maintenancePriority?: string;
  attachments: SubmittedAttachment[];
  /** The honeypot: a hidden input people never fill. */
  website: string;
}

/** A contact form's message (contact-a-leader, Send Message, the Contact page). */
export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  /** Empty for the Contact page form: the server routes it to the church office. */
  recipientName: string;
  recipientRole: string;
  department: string;
  website: string;
}

/** A stored submission: a message or a prayer request, its delivery queued (or simulated in demo mode). */
export interface SubmissionReceipt {
  received: true;
  kind: 'message' | 'prayer_request';
  delivery: 'queued' | 'simulated';
}

/** Whether each outside service is really configured (`live`) or only simulated. */
export interface ServiceModes {
  email: { live: boolean };
  sms: { live: boolean };
  payments: {
    live: boolean;
    /** Where the configuration came from (the server's own word). */
    source?: string;
    provider: PaymentProvider;
    /** 'Equity Bank' or 'M-Pesa': the name the donor reads. */
    label: string;
    /** false when staff turned online giving off: the Pay button is hidden. */
    enabled: boolean;
  };
}

/** The giving page's giving types (public-site.md §3 "giving type"). */
export type GivingType = 'tithe' | 'offering' | 'special';

/** Who sends the prompt to the donor's phone. */
export type PaymentProvider = 'equity_bank' | 'mpesa';

/** `POST /functions/v1/payments`: a prompt for `amount` (whole shillings, at least 1) to `phone`. */
export interface PaymentRequest {
  phone: string;
  amount: number;
  givingType: GivingType;
}

/** Where a payment stands; `pending` until the donor answers the prompt on the phone. */
export type PaymentState = 'pending' | 'completed' | 'cancelled' | 'failed' | 'expired';

/** A payment as the server reports it (`201` from create, `200` from get). */
export interface PaymentStatus {
  id: string;
  status: PaymentState;
  resultCode: string | null;
  resultDesc: string | null;
  amount: number;
  givingType: string;
  /** Our reference: `{account}_{TYP}_{timestamp}_{random}`. */
  reference: string;
  /** The provider's receipt number, once completed. */
  receipt: string | null;
  provider: PaymentProvider;
  /** 'Equity Bank' or 'M-Pesa'. */
  providerLabel: string;
  /** Demo mode: no money moves. */
  simulated: boolean;
  completedAt: string | null;
}

/**
 * Online giving. Refusals: 400 `invalid_payment` (with `fields`: phone, amount, givingType),
 * 403 `giving_disabled`, 429 `rate_limited`, 502 `provider_unavailable`; get: 404 `not_found`.
 */
export interface PaymentsClient {
  /** `POST /functions/v1/payments`: sends the prompt to the donor's phone. */
  create(payment: PaymentRequest, signal?: AbortSignal): Promise<KanisaResult<PaymentStatus>>;
  /** `GET /functions/v1/payments/{id}`: where the payment stands now. */
  get(id: string, signal?: AbortSignal): Promise<KanisaResult<PaymentStatus>>;
}

export interface FunctionsClient {
  /** `/functions/v1/{name}`. */
  invoke<T>(name: string, options?: InvokeOptions): Promise<KanisaResult<T>>;
  submitRequest(submission: RequestSubmission, signal?: AbortSignal): Promise<KanisaResult<SubmissionReceipt>>;
  contactMessage(message: ContactMessage, signal?: AbortSignal): Promise<KanisaResult<SubmissionReceipt>>;
  serviceModes(signal?: AbortSignal): Promise<KanisaResult<ServiceModes>>;
  /** Staff: deliver a stored message (again). */
  sendMessage(messageId: string): Promise<KanisaResult<{ queued: true }>>;
  payments: PaymentsClient;
}

export function createFunctions(http: Http): FunctionsClient {
  /** `/functions/v1/{path}`: `path` is sent as given, its segments already encoded. */
  async function call<T>(path: string, options: InvokeOptions = {}): Promise<KanisaResult<T>> {
    const { body, method = body === undefined ? 'GET' : 'POST', headers, signal } = options;
    const [result] = await http.send<T>(`/functions/v1/${path}`, {
      method,
      json: body,
      headers,
      signal: signal ?? null,
    });
    return result;
  }
  const invoke = <T>(name: string, options?: InvokeOptions) => call<T>(encodeURIComponent(name), options);
  return {
    invoke,
    submitRequest: (submission, signal) => invoke('submit-request', { body: submission, signal }),
    contactMessage: (message, signal) => invoke('contact-message', { body: message, signal }),
    serviceModes: (signal) => invoke('service-modes', { signal }),
    sendMessage: (messageId) => invoke('send-message', { body: { messageId } }),
    payments: {
      create: (payment, signal) => call('payments', { body: payment, signal }),
      get: (id, signal) => call(`payments/${encodeURIComponent(id)}`, { signal }),
    },
  };
}
