import { useEffect, useRef, useState } from 'react';
import type { CardDetail, CardRecordFields } from '@shared/contract';
import { RichTextView } from '../RichTextView';
import { StaticImage } from '../../../ui/StaticImage';
import { RegionIcon } from '../../../ui/RegionIcon';
import { useContractQuery } from '../../../state/contractQueries';
import { useStaticDataRevision } from '../../../state/useStaticData';

type ArtKind = 'card' | 'alt' | 'full' | 'altFull';
const ART_LABELS: Record<ArtKind, string> = {
  card: 'Card',
  alt: 'Alternative',
  full: 'Illustration',
  altFull: 'Alt. illustration',
};

/** One card with every field of its record, its art variants and the cards it is linked to. */
export function CardDetailDialog({
  cardCode,
  locale,
  onClose,
  onOpen,
}: {
  cardCode: string;
  locale: string;
  onClose: () => void;
  onOpen: (cardCode: string) => void;
}) {
  const revision = useStaticDataRevision();
  const dialog = useRef<HTMLDialogElement>(null);
  const detail = useContractQuery('staticData.cards.card', { cardCode, locale }, { dependsOn: [revision] });
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="sd-dialog"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (event.target === dialog.current) dialog.current?.close();
      }}
      aria-label={detail.data?.card.name ?? cardCode}
      data-testid="card-detail"
    >
      <div className="sd-dialog-body">
        <button type="button" className="sd-close" aria-label="Close" onClick={() => dialog.current?.close()}>
          ×
        </button>
        {detail.isPending ? <p className="muted">Loading {cardCode}…</p> : null}
        {detail.isError ? <p className="sd-error">{detail.error.message}</p> : null}
        {detail.data ? (
          <CardDetailView key={detail.data.card.cardCode} detail={detail.data} onOpen={onOpen} />
        ) : null}
      </div>
    </dialog>
  );
}

function CardDetailView({ detail, onOpen }: { detail: CardDetail; onOpen: (cardCode: string) => void }) {
  const [art, setArt] = useState<ArtKind>('card');
  const { card, record } = detail;
  const arts = (Object.keys(ART_LABELS) as ArtKind[]).filter((kind) => detail.images[kind]);
  return (
    <div className="sd-detail">
      <div className="sd-detail-art">
        <StaticImage
          src={detail.images[art]}
          alt={`${card.name} (${ART_LABELS[art]})`}
          className={`sd-detail-image ${art === 'full' || art === 'altFull' ? 'wide' : ''}`}
          eager
          testId="card-detail-image"
        />
        {arts.length > 1 ? (
          <div className="sd-segmented" role="group" aria-label="Art">
            {arts.map((kind) => (
              <button type="button" key={kind} aria-pressed={art === kind} onClick={() => setArt(kind)}>
                {ART_LABELS[kind]}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <div className="sd-detail-text">
        <header>
          <h2>{card.name}</h2>
          <p className="muted">
            {record.cardCode} · {record.set || detail.bundle} · {record.rarity || record.rarityRef}
            {record.collectible ? '' : ' · not collectible'}
          </p>
        </header>
        <div className="sd-detail-regions">
          {card.regions.map((region) => (
            <span key={region.nameRef} className="sd-region-pill">
              <RegionIcon region={region} alt="" />
              {region.name}
            </span>
          ))}
        </div>
        <dl className="sd-stats">
          <div>
            <dt>Cost</dt>
            <dd>{record.cost}</dd>
          </div>
          {record.type !== 'Spell' && (record.attack > 0 || record.health > 0) ? (
            <>
              <div>
                <dt>Power</dt>
                <dd>{record.attack}</dd>
              </div>
              <div>
                <dt>Health</dt>
                <dd>{record.health}</dd>
              </div>
            </>
          ) : null}
          <div>
            <dt>Type</dt>
            <dd>{[record.supertype, record.type, ...record.subtypes].filter(Boolean).join(' · ')}</dd>
          </div>
          {record.spellSpeed ? (
            <div>
              <dt>Speed</dt>
              <dd>{record.spellSpeed}</dd>
            </div>
          ) : null}
        </dl>
        {detail.text.description.length > 0 ? (
          <p className="sd-card-text" data-testid="card-detail-description">
            <RichTextView text={detail.text.description} />
          </p>
        ) : null}
        {detail.text.levelupDescription.length > 0 ? (
          <p className="sd-card-text levelup">
            <strong>Level up: </strong>
            <RichTextView text={detail.text.levelupDescription} />
          </p>
        ) : null}
        {detail.keywords.length > 0 ? (
          <ul className="sd-keywords">
            {detail.keywords.map((keyword) => (
              <li key={keyword.nameRef}>
                <strong>{keyword.name}</strong> {keyword.description}
              </li>
            ))}
          </ul>
        ) : null}
        {record.flavorText ? <blockquote className="sd-flavor">{record.flavorText}</blockquote> : null}
        {record.artistName ? <p className="muted sd-artist">Art by {record.artistName}</p> : null}
        {detail.associated.length > 0 ? (
          <div className="sd-associated">
            <h3>Associated cards</h3>
            <ul>
              {detail.associated.map((other) => (
                <li key={other.cardCode}>
                  <button type="button" onClick={() => onOpen(other.cardCode)} title={other.name}>
                    <StaticImage
                      src={other.imageUrl}
                      alt={other.name}
                      className="sd-associated-art"
                      fallback={other.name}
                    />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <details className="sd-record">
          <summary>Every field</summary>
          <RecordFields record={record} />
        </details>
      </div>
    </div>
  );
}

function RecordFields({ record }: { record: CardRecordFields }) {
  return (
    <dl data-testid="card-record">
      {(Object.keys(record) as (keyof CardRecordFields)[]).map((field) => (
        <div key={field}>
          <dt>{field}</dt>
          <dd>{fieldText(record[field])}</dd>
        </div>
      ))}
    </dl>
  );
}

function fieldText(value: CardRecordFields[keyof CardRecordFields]): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value
      .map((entry) =>
        typeof entry === 'string' ? entry : `${entry.gameAbsolutePath} ${entry.fullAbsolutePath}`,
      )
      .join(', ');
  }
  if (typeof value === 'string') return value === '' ? '—' : value;
  return String(value);
}
