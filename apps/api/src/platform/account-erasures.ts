import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { AccountErasureStep, ERASURE_STAGES, type AccountErased, type ErasedRecords } from './contributions';

/**
 * Erases an account: every context's AccountErasureStep, found among the
 * providers at start-up, runs in the order of its stage (ERASURE_STAGES), each
 * on its own tables, read models, files and connections. The caller decides
 * whether the account may go and records that it went; this only runs the
 * steps, one after another, and stops at the first that fails (every step is
 * idempotent, so erasing again finishes the job).
 */
@Injectable()
export class AccountErasures implements OnModuleInit {
  private ordered: readonly AccountErasureStep[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const found = this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is AccountErasureStep => instance instanceof AccountErasureStep);
    const names = found.map((step) => step.name);
    const twice = names.find((name, index) => names.indexOf(name) !== index);
    if (twice) throw new Error(`Two account erasure steps are named ${twice}`);
    const accountSteps = found.filter((step) => step.stage === 'account').length;
    if (accountSteps !== 1) throw new Error(`Erasing an account needs exactly one step that deletes the account row; found ${accountSteps}`);
    this.ordered = ERASURE_STAGES.flatMap((stage) => found.filter((step) => step.stage === stage));
  }

  /** The steps' names in the order they run. */
  get steps(): readonly string[] {
    return this.ordered.map((step) => step.name);
  }

  /** Runs every step for this account; answers how many records of each kind they erased, summed. */
  async erase(event: Omit<AccountErased, 'traces'>): Promise<ErasedRecords> {
    const traces: string[] = [];
    for (const { erasure } of this.ordered) if (erasure.traces) traces.push(...(await erasure.traces(event.userId)));
    const erased: AccountErased = { ...event, traces };
    const totals: Record<string, number> = {};
    for (const { erasure } of this.ordered) {
      for (const [kind, count] of Object.entries(await erasure.erase(erased))) totals[kind] = (totals[kind] ?? 0) + count;
    }
    return totals;
  }
}
