import { useContractQuery } from '../../../state/contractQueries';
import { StaticImage } from '../../../ui/StaticImage';
import { useStaticDataRevision } from '../../../state/useStaticData';

/**
 * A summoner's profile icon from the cached Data Dragon data (the image is fetched into the cache on first
 * view); the plain circle only while it loads, without synced data, or for an icon the data does not have.
 */
export function ProfileIcon({ iconId }: { iconId: number }) {
  const revision = useStaticDataRevision();
  const icon = useContractQuery(
    'staticData.arena.profileIcon',
    { id: iconId },
    { dependsOn: [revision], retry: false, staleTime: 10 * 60_000 },
  );
  return (
    <StaticImage
      src={icon.data?.imageUrl ?? null}
      alt={`Profile icon ${iconId}`}
      className="profile-icon"
      fallback={<span aria-hidden="true" />}
      eager
      testId="profile-icon"
    />
  );
}
