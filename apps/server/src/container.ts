import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { type Database, whenRollbackFails } from './db/client';
import { createRecaptchaVerifier } from './infra/captcha/recaptcha';
import { createSentryReporter, type ErrorReporter } from './infra/error-reporting/error-reporter';
import { openGeoIp } from './infra/geoip/geoip';
import { devOutboxKeeper } from './infra/mail/dev-outbox-keeper';
import { createMailer, type Mailer } from './infra/mail/mailer';
import { JobQueue } from './infra/queue/job-queue';
import { createDiskStorage } from './infra/storage/disk-storage';
import { createS3Storage } from './infra/storage/s3-storage';
import { createStripeClient } from './infra/stripe/stripe-client';
import { UploadStore } from './infra/uploads/upload-store';
import { VimeoClient } from './infra/vimeo/vimeo-client';
import { MediaUrls } from './lib/media-urls';
import { keepPrivate } from './lib/private-directories';
import { SecretBox } from './lib/secret-box';
import { resolveMediaTools, stopRunningTools } from './media/tools';
import { AdminRepository } from './modules/admin/admin.repository';
import { AdminService } from './modules/admin/admin.service';
import { AnalyticsRepository } from './modules/analytics/analytics.repository';
import { AnalyticsService } from './modules/analytics/analytics.service';
import { AnonymousLinksRepository } from './modules/anonymous-links/anonymous-links.repository';
import { AnonymousLinksService } from './modules/anonymous-links/anonymous-links.service';
import { AccessTokens } from './modules/auth/access-tokens';
import { AuthRepository } from './modules/auth/auth.repository';
import { AuthService } from './modules/auth/auth.service';
import { BillingRepository } from './modules/billing/billing.repository';
import { BillingService } from './modules/billing/billing.service';
import { DevOutboxRepository } from './modules/dev-outbox/dev-outbox.repository';
import { LogRetention } from './modules/logs/log-retention';
import { LogsRepository } from './modules/logs/logs.repository';
import { LogsService } from './modules/logs/logs.service';
import { MarketsRepository } from './modules/markets/markets.repository';
import { MarketsService } from './modules/markets/markets.service';
import { PlansService } from './modules/plans/plans.service';
import { PresentersRepository } from './modules/presenters/presenters.repository';
import { PresentersService } from './modules/presenters/presenters.service';
import { KeysRepository } from './modules/streams/keys.repository';
import { StreamsService } from './modules/streams/streams.service';
import { TrackingLinksRepository } from './modules/tracking-links/tracking-links.repository';
import { TrackingLinksService } from './modules/tracking-links/tracking-links.service';
import { ViewerTokens } from './modules/tracking-links/viewer-tokens';
import { VideoPipeline } from './modules/videos/pipeline/video-pipeline';
import { PreviewTokens } from './modules/videos/preview-tokens';
import { SubtitlesRepository } from './modules/videos/subtitles.repository';
import { SubtitlesService } from './modules/videos/subtitles.service';
import { VideosRepository } from './modules/videos/videos.repository';
import { VideosService } from './modules/videos/videos.service';
import { VimeoService } from './modules/vimeo/vimeo.service';
import { VimeoOAuthState } from './modules/vimeo/vimeo-oauth-state';
import { EventIngest } from './modules/watch/event-ingest';
import { EventJournal } from './modules/watch/event-journal';
import { EventStore } from './modules/watch/event-store';
import { LinkStates } from './modules/watch/link-states';
import { PlaybackTokens } from './modules/watch/playback-tokens';
import { WatchRepository } from './modules/watch/watch.repository';
import { WatchService } from './modules/watch/watch.service';

export type ContainerOptions = {
  config: Config;
  db: Database;
  /** The same database, for the job queue's own connections. */
  databaseUrl: string;
  logger: FastifyBaseLogger;
  /** Replaces the configured mailer (tests that simulate an SMTP failure). */
  mailer?: Mailer;
  /** Replaces the Sentry reporter (tests). */
  errorReporter?: ErrorReporter;
};

/** Builds every service once; the HTTP app and the job worker share them. */
export function createContainer({
  config,
  db,
  databaseUrl,
  logger,
  mailer,
  errorReporter,
}: ContainerOptions) {
  // The transaction that failed throws its own error (db/client.ts); this one is only worth a line.
  whenRollbackFails(db, (err) =>
    logger.warn({ err }, 'A failed transaction could not be rolled back: its connection was closed'),
  );
  const outbox = new DevOutboxRepository(db);
  const mail =
    mailer ??
    createMailer({
      smtpUrl: config.devOutbox ? undefined : config.smtpUrl,
      from: config.mailFrom,
      keepInOutbox: devOutboxKeeper(outbox, (line) => logger.info(line), config.publicUrl),
    });
  const secrets = new SecretBox(config.masterKey);
  const reporter =
    errorReporter ?? (config.sentryDsn ? createSentryReporter(config.sentryDsn, config.env) : undefined);
  const logs = new LogsService(new LogsRepository(db), logger, reporter);
  const logRetention = new LogRetention(logs, config.logRetentionDays, logger);
  const presenters = new PresentersService(new PresentersRepository(db), config.adminEmails);
  const plans = new PlansService(config.planVideoLimits);
  const auth = new AuthService({
    repository: new AuthRepository(db),
    presenters,
    tokens: new AccessTokens(config.jwtSecret, config.accessTokenTtlHours),
    mailer: mail,
    logs,
    codeSecret: config.jwtSecret,
    publicUrl: config.publicUrl,
    otpSendsPerEmailPerHour: config.otpSendsPerEmailPerHour,
    // `videos` is built below; registration only happens once the container is complete.
    onRegistered: config.sampleOnRegister ? (presenter) => videos.createSample(presenter) : undefined,
  });
  const vimeo = new VimeoService({
    client: new VimeoClient({ apiUrl: config.vimeo.apiUrl, oauth: config.vimeo.oauth }),
    presenters,
    secrets,
    logs,
    oauthState: new VimeoOAuthState(config.jwtSecret),
    publicUrl: config.publicUrl,
  });

  keepPrivate(config.dataDir);
  const storage = config.s3
    ? createS3Storage(config.s3)
    : createDiskStorage(path.join(config.dataDir, 'storage'));
  const uploads = new UploadStore(path.join(config.dataDir, 'uploads'));
  const tools = resolveMediaTools({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath });
  const queue = new JobQueue(databaseUrl, { monitorIntervalSeconds: config.jobMonitorIntervalSeconds });
  const streams = new StreamsService(storage, new KeysRepository(db), secrets);
  const media = new MediaUrls(config.jwtSecret, config.publicUrl);
  const previewTokens = new PreviewTokens(config.jwtSecret);
  const videosRepository = new VideosRepository(db);
  const workRoot = path.join(config.dataDir, 'work');
  const sampleDir = path.join(config.dataDir, 'samples');
  const pipeline = new VideoPipeline({
    repository: videosRepository,
    storage,
    streams,
    tools,
    logs,
    queue,
    workRoot,
    sampleCacheDir: path.join(sampleDir, `encoded-${config.sampleFilmSeconds}s-v1`),
    preset: config.x264Preset,
    segmentSeconds: config.hlsSegmentSeconds,
    encrypt: config.encryptStreams,
    encryptDelaySeconds: config.encryptDelaySeconds,
  });
  const videos = new VideosService({
    repository: videosRepository,
    plans,
    storage,
    streams,
    pipeline,
    uploads,
    tools,
    media,
    previewTokens,
    logs,
    publicUrl: config.publicUrl,
    encryptionOn: config.encryptStreams,
    uploadMaxBytes: config.uploadMaxBytes,
    uploadQuotaBytes: config.uploadQuotaBytes,
    sampleDir,
    sampleSeconds: config.sampleFilmSeconds,
    // `subtitles` is made just below (it needs this service); this runs only once both exist.
    addSampleSubtitles: (presenter, videoId, file) =>
      subtitles.upload(presenter, videoId, { language: 'en', kind: 'subtitles' }, file),
    workRoot,
    vimeo,
  });
  const subtitles = new SubtitlesService({ repository: new SubtitlesRepository(db), videos, storage });

  // Viewer events are answered once journaled and folded into PostgreSQL just behind (EventIngest);
  // presenters' figures wait for that fold, so they include every event answered before the read.
  const events = new EventIngest(
    new EventJournal(path.join(config.dataDir, 'event-journal')),
    new EventStore(db),
    logger,
  );
  const eventsSettled = () => events.settled();

  // The links' states as the watch module last read them; revoking, disabling or ending a link forgets
  // its entry, so the events route refuses its reports from memory (no database read per batch).
  const linkStates = new LinkStates();
  const trackingLinks = new TrackingLinksService({
    repository: new TrackingLinksRepository(db),
    viewerTokens: new ViewerTokens(secrets),
    eventsSettled,
    onAccessChanged: (id) => linkStates.forgetLink(id),
    videos,
    mailer: mail,
    logs,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    invitationsPerDay: config.invitationsPerDay,
  });
  const anonymousLinks = new AnonymousLinksService({
    repository: new AnonymousLinksRepository(db),
    onAccessChanged: (id) => linkStates.forgetAnonymous(id),
    videos,
    trackingLinks,
    presenters,
    logs,
    publicUrl: config.publicUrl,
  });
  const markets = new MarketsService({
    repository: new MarketsRepository(db),
    videos,
    presenters,
    trackingLinks,
    mailer: mail,
    logs,
    publicUrl: config.publicUrl,
  });

  const billing = new BillingService({
    repository: new BillingRepository(db),
    presenters,
    plans,
    logs,
    stripe: config.stripe ? { client: createStripeClient(config.stripe), config: config.stripe } : null,
    publicUrl: config.publicUrl,
    mailer: mail,
    adminEmails: config.adminEmails,
  });
  const admin = new AdminService(new AdminRepository(db), presenters, billing);
  const captcha = config.recaptcha ? createRecaptchaVerifier(config.recaptcha) : null;
  const watch = new WatchService({
    repository: new WatchRepository(db),
    events,
    trackingLinks,
    anonymousLinks,
    videos,
    presenters,
    plans,
    streams,
    subtitles,
    geo: openGeoIp(),
    tokens: new PlaybackTokens(config.jwtSecret),
    signIns: auth,
    linkStates,
    logs,
    heartbeatSeconds: 15,
  });

  const analytics = new AnalyticsService({
    repository: new AnalyticsRepository(db),
    eventsSettled,
  });

  return {
    config,
    db,
    logger,
    mailer: mail,
    secrets,
    outbox,
    logs,
    presenters,
    plans,
    auth,
    storage,
    uploads,
    tools,
    queue,
    streams,
    media,
    previewTokens,
    pipeline,
    videosRepository,
    videos,
    subtitles,
    vimeo,
    trackingLinks,
    anonymousLinks,
    markets,
    watch,
    events,
    analytics,
    logRetention,
    reporter,
    billing,
    admin,
    captcha,
  };
}

export type Container = ReturnType<typeof createContainer>;

/**
 * Starts the job queue (every node needs it to enqueue) and, when `worker` is set, the pipeline workers
 * with their housekeeping: re-enqueueing films whose job was lost, and deleting abandoned uploads.
 */
export async function startBackground(container: Container, options: { worker: boolean }) {
  const { queue, pipeline, uploads, config, logger, videos } = container;
  await queue.start(pipeline.queueDefinitions());
  const timers: NodeJS.Timeout[] = [];
  if (options.worker) {
    await pipeline.registerWorkers(config.workerConcurrency);
    // Make the sample film now, so a new presenter's first sample does not wait for ffmpeg.
    void videos.prepareSample().catch((err) => logger.error({ err }, 'The sample film could not be made'));
    const housekeeping = async () => {
      await pipeline.sweep().catch((err) => logger.error({ err }, 'Pipeline sweep failed'));
      await uploads.deleteExpired().catch((err) => logger.error({ err }, 'Upload cleanup failed'));
      await videos.forgetExpiredUploads().catch((err) => logger.error({ err }, 'Upload cleanup failed'));
    };
    void housekeeping();
    timers.push(setInterval(housekeeping, 5 * 60_000).unref());
  }
  return async () => {
    for (const timer of timers) clearInterval(timer);
    // This process's encodes (it ran the workers) stop with it.
    if (options.worker) stopRunningTools();
    await queue.stop();
  };
}
