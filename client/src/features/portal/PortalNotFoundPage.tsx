import { useParams } from 'react-router-dom';
import { MapPinOff } from 'lucide-react';
import { portal } from '../../../../shared/messages/portal';
import { PortalNotFound } from './PortalUi';
import { portalPath } from './session';

/** An address inside a portal that leads nowhere: the portal's not-found state, inside its frame. */
export default function PortalNotFoundPage() {
  const slug = useParams().slug ?? '';
  return (
    <PortalNotFound
      title={portal.pageNotFound}
      text={portal.pageNotFoundText}
      to={portalPath(slug, 'dashboard')}
      label={portal.backToDashboard}
      Icon={MapPinOff}
    />
  );
}
