import type { VoyageResponse } from '@crew/contracts';
import { createContext, useContext, type ComponentType } from 'react';

/**
 * The panels other features add to a voyage's page (safety and agreements,
 * reviews, the copy kept offline). The voyage page names where they go; the app layer says what they
 * are (src/app/voyage-panels.ts), so the voyages feature never imports the
 * trust or reviews features and each panel stays its own lazily loaded chunk.
 */
export interface VoyagePanels {
  /** Agreements, float plan and check-ins of a voyage the member sails on. */
  readonly Trust: ComponentType<{ voyage: VoyageResponse }>;
  /** Reviews to write and read once the voyage is over. */
  readonly Reviews: ComponentType<{ voyageId: string }>;
  /** Whether the voyage is kept on the device, and how old the copy shown offline is; check-ins waiting to send. */
  readonly Offline: ComponentType<{ voyage: VoyageResponse }>;
}

const NONE: VoyagePanels = { Trust: () => null, Reviews: () => null, Offline: () => null };

export const VoyagePanelsContext = createContext<VoyagePanels>(NONE);

export const useVoyagePanels = (): VoyagePanels => useContext(VoyagePanelsContext);
