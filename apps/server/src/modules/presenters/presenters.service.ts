import { ONBOARDING_STEPS } from '@screenroom/shared/enums';
import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import type { UpdateOnboardingBody, UpdatePresenterBody } from '@screenroom/shared/schemas/presenters';
import type { PresenterRow } from '../../db/schema/presenters';
import { toPresenterDto } from './presenter.mapper';
import type { NewPresenterPreferences, PresenterPatch, PresentersRepository } from './presenters.repository';

const STEP_LABELS: Record<(typeof ONBOARDING_STEPS)[number], string> = {
  vimeo_linking: 'Vimeo linking',
  video_creation: 'video creation',
  screener_creation: 'screener creation',
};

export class PresentersService {
  constructor(
    private readonly repository: PresentersRepository,
    private readonly adminEmails: readonly string[],
  ) {}

  isAdmin(presenter: Pick<PresenterRow, 'email'>) {
    return this.adminEmails.includes(presenter.email.toLowerCase());
  }

  toDto(row: PresenterRow) {
    return toPresenterDto(row, this.isAdmin(row));
  }

  findById(id: string) {
    return this.repository.findById(id);
  }

  findByEmail(email: string) {
    return this.repository.findByEmail(email);
  }

  createOrGet(email: string, name: string, preferences?: NewPresenterPreferences) {
    return this.repository.createOrGet(email, name, preferences);
  }

  async recordSignIn(id: string, at: Date) {
    return (await this.repository.update(id, { lastLoginAt: at }))!;
  }

  /** Internal updates by other modules (plan, Vimeo token, ...): no ownership check here. */
  async patch(id: string, patch: PresenterPatch) {
    const row = await this.repository.update(id, patch);
    if (!row) throw new AppError('NOT_FOUND', 'This presenter does not exist');
    return row;
  }

  /**
   * Stores the presenter's sealed Vimeo token (or none) and answers the one it replaced, as stored, so
   * concurrent links each hand back the token before them (to revoke at Vimeo). With `onlyIf`, nothing
   * changes unless that token is still the stored one (`replaced` is then null).
   */
  async replaceVimeoToken(id: string, sealed: string | null, onlyIf?: string) {
    let replaced: string | null = null;
    const row = await this.repository.changeLocked(id, (current) => {
      if (onlyIf !== undefined && current.vimeoAccessTokenEnc !== onlyIf) return undefined;
      replaced = current.vimeoAccessTokenEnc;
      return { vimeoAccessTokenEnc: sealed };
    });
    if (!row) throw new AppError('NOT_FOUND', 'This presenter does not exist');
    return { row, replaced: replaced as string | null };
  }

  /** PATCH /presenters/{id}: a presenter changes only their own record; another id is a 404. */
  async updateOwn(actor: PresenterRow, id: string, body: UpdatePresenterBody) {
    if (id !== actor.id) throw new AppError('NOT_FOUND', 'This presenter does not exist');
    const patch: PresenterPatch = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.timezone !== undefined) patch.timezone = body.timezone;
    if (body.theme !== undefined) patch.theme = body.theme;
    if (body.player_settings !== undefined) patch.playerSettings = body.player_settings;
    return this.patch(actor.id, patch);
  }

  /**
   * Onboarding steps go in order: a step is completed only after its predecessors, and `finished` only
   * after all three. A finished presenter cannot be put back into an unfinished state. A step is applied
   * to the presenter's row as stored (locked), not as their sign-in read it, so two at once both count.
   */
  async updateOnboarding(actor: PresenterRow, body: UpdateOnboardingBody) {
    const row = await this.repository.changeLocked(actor.id, (current) => onboardingChange(current, body));
    if (!row) throw new AppError('NOT_FOUND', 'This presenter does not exist');
    return row;
  }

  async list(query: { search?: string; page: number; limit: number }) {
    const { rows, total } = await this.repository.list(query);
    return {
      results: rows.map((r) => this.toDto(r)),
      page: query.page,
      limit: query.limit,
      totalPages: Math.max(1, Math.ceil(total / query.limit)),
      totalResults: total,
    };
  }
}

/** What a step of the onboarding changes in the presenter's row: undefined for nothing; throws to refuse. */
function onboardingChange(row: PresenterRow, body: UpdateOnboardingBody) {
  if (row.isOnboardingCompleted) {
    if (body.completed) return undefined;
    throw new AppError('CONFLICT', 'Onboarding is already finished and cannot be reopened.');
  }
  const state = { ...row.onboarding };
  if (body.step === 'finished') {
    if (!body.completed) return undefined;
    const missing = ONBOARDING_STEPS.find((s) => !state[s]);
    if (missing)
      throw new AppError('CONFLICT', MESSAGES.onboardingStepOutOfOrder('finishing', STEP_LABELS[missing]));
    return { isOnboardingCompleted: true };
  }
  const index = ONBOARDING_STEPS.indexOf(body.step);
  if (body.completed) {
    const missing = ONBOARDING_STEPS.slice(0, index).find((s) => !state[s]);
    if (missing) {
      throw new AppError(
        'CONFLICT',
        MESSAGES.onboardingStepOutOfOrder(STEP_LABELS[body.step], STEP_LABELS[missing]),
      );
    }
    state[body.step] = true;
  } else {
    // Undoing a step undoes the ones after it, so the order always holds.
    for (const step of ONBOARDING_STEPS.slice(index)) state[step] = false;
  }
  return { onboarding: state };
}
