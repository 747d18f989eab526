import { type RewardType, rewardTypes } from '@uplink/contract/member-rewards';
import { rewardTexts } from '@uplink/contract/reward-texts';
import { ChoiceFilter, FilterBar, LevelFilter } from '../../../components/filter-bar';
import { SearchField } from '../../../components/text-field';

const typeLabels: Record<RewardType, string> = { DIRECT: 'Direct', DOWNLINE: 'Downline' };

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
    <FilterBar columns="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <SearchField
        label="Search rewards"
        placeholder="Beneficiary name, e-mail or user ID"
        value={search}
        onSearch={onSearchChange}
        className="sm:col-span-2 lg:col-span-1"
      />
      <ChoiceFilter
        label="Type"
        allLabel={rewardTexts.allTypes}
        choices={rewardTypes}
        labelOf={(choice) => typeLabels[choice]}
        value={type}
        onChange={onTypeChange}
      />
      <LevelFilter level={level} onChange={onLevelChange} />
    </FilterBar>
  );
}
