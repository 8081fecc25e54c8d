import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import type { AdminPresenter, AdminPresentersQuery, SetPlanBody } from '@screenroom/shared/schemas/admin';
import type { PresenterRow } from '../../db/schema/presenters';
import type { BillingService } from '../billing/billing.service';
import type { LogOrigin } from '../logs/logs.service';
import type { PresentersService } from '../presenters/presenters.service';
import type { AdminRepository, PresenterWithStats } from './admin.repository';

/** What administrators do with presenters: list them with their figures, grant or remove Professional. */
export class AdminService {
  constructor(
    private readonly repository: AdminRepository,
    private readonly presenters: PresentersService,
    private readonly billing: BillingService,
  ) {}

  private toDto(row: PresenterWithStats): AdminPresenter {
    const p = row.presenter;
    return {
      id: p.id,
      email: p.email,
      name: p.name,
      rule_set: p.ruleSet,
      ...this.billing.holdingFlags(
        row.subscriptionStatus === null
          ? null
          : { subscriptionStatus: row.subscriptionStatus, priceId: row.priceId },
        row.granted,
      ),
      professional_requested_at: row.professionalRequestedAt?.toISOString() ?? null,
      is_admin: this.presenters.isAdmin(p),
      is_onboarding_completed: p.isOnboardingCompleted,
      films: Number(row.films),
      tracking_links: Number(row.trackingLinks),
      created_at: p.createdAt.toISOString(),
      last_login_at: p.lastLoginAt?.toISOString() ?? null,
    };
  }

  async list(query: AdminPresentersQuery) {
    const { rows, total } = await this.repository.list(query);
    return {
      results: rows.map((r) => this.toDto(r)),
      page: query.page,
      limit: query.limit,
      totalPages: Math.max(1, Math.ceil(total / query.limit)),
      totalResults: total,
    };
  }

  /** One presenter (404 when there is none). */
  async get(presenterId: string) {
    const row = await this.repository.findOne(presenterId);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.presenterNotFound);
    return this.toDto(row);
  }

  async setPlan(admin: PresenterRow, presenterId: string, body: SetPlanBody, origin: LogOrigin) {
    await this.billing.setGrant(admin, presenterId, body.rule_set, origin);
    const row = await this.repository.findOne(presenterId);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.presenterNotFound);
    return this.toDto(row);
  }
}
