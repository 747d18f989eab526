import { levelOptions } from '@uplink/contract/constants';
import { type RewardType, rewardTypes } from '@uplink/contract/member-rewards';
import { rewardTexts } from '@uplink/contract/reward-texts';
import { SelectField } from '../../../components/select-field';
import { SearchField } from '../../../components/text-field';

const typeLabels: Record<RewardType, string> = { DIRECT: 'Direct', DOWNLINE: 'Downline' };
const typeOptions = [
  { value: '', label: rewardTexts.allTypes },
  ...rewardTypes.map((type) => ({ value: type, label: typeLabels[type] })),
];
const levelFilterOptions = [
  { value: '', label: 'All Levels' },
  ...levelOptions.map((level) => ({ value: String(level), label: `Level ${level}` })),
];

/** The search box and the type and level filters of the rewards list; '' is "All". */
export function AdminRewardsFilters({
  search,
  type,
  level,
  onSearchChange,
  onTypeChange,
  onLevelChange,
}: {
  search: string;
  type: RewardType | undefined;
  level: number | undefined;
  onSearchChange: (search: string) => void;
  onTypeChange: (type: RewardType | undefined) => void;
  onLevelChange: (level: number | undefined) => void;
}) {
  return (
    <div className="grid gap-3 border-slate-100 border-b px-5 py-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <SearchField
        label="Search rewards"
        placeholder="Beneficiary name, e-mail or user ID"
        value={search}
        onSearch={onSearchChange}
        className="sm:col-span-2 lg:col-span-1"
      />
      <SelectField
        label="Type"
        options={typeOptions}
        value={type ?? ''}
        onChange={(event) => onTypeChange(rewardTypes.find((candidate) => candidate === event.target.value))}
      />
      <SelectField
        label="Level"
        options={levelFilterOptions}
        value={level === undefined ? '' : String(level)}
        onChange={(event) => onLevelChange(event.target.value ? Number(event.target.value) : undefined)}
      />
    </div>
  );
}
