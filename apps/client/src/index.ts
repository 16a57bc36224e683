// The package's public surface (its `exports` entry), not an in-app barrel.
export { createAnonClient, createClient } from './client';
export type { AnonClient, ClientOptions, HealthStatus, KanisaClient, KanisaResult, RequestOptions } from './client';
export { ABORTED, INVALID_RESPONSE, KanisaError, NETWORK_ERROR } from './error';
export type { KanisaErrorInit } from './error';
export type {
  AuthClient,
  AuthEvent,
  AuthListener,
  AuthOptions,
  Lock,
  OtpSent,
  Session,
  SessionStorage,
  User,
  UserAttributes,
} from './auth';
export type {
  ContactMessage,
  FunctionsClient,
  GivingType,
  InvokeOptions,
  PaymentProvider,
  PaymentRequest,
  PaymentsClient,
  PaymentState,
  PaymentStatus,
  RequestCategory,
  RequestSubmission,
  ServiceModes,
  SubmissionReceipt,
  SubmittedAttachment,
} from './functions';
export type { LiveStatus, RealtimeClient, RowChange, WatchOptions } from './realtime';
export type { BucketApi, FileObject, ListOptions, StorageClient, UploadBody, UploadOptions, UploadProgress } from './storage';
export type {
  CheckSelect,
  Count,
  FilterBuilder,
  FilterOperator,
  FunctionName,
  GenericDatabase,
  QueryResult,
  RelationName,
  RowOf,
  Runnable,
  SelectRow,
  TableBuilder,
  TableName,
  UntypedDatabase,
  ViewName,
} from './types';
export type { Database, Json } from './database.types';
