import { GardenLogText } from '../../shared/dict/checkin.ts';
import { useLabel } from './list-page/index.ts';

/** A gate event's gate: its name, or "System" for the exit the system writes at day close (T13). */
export function GateName({ gateId, name }: { gateId: number | null; name: string }) {
  const label = useLabel();
  return <>{gateId == null ? label(GardenLogText.system) : name}</>;
}
