import { useNavigation } from 'react-router';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';

/** Shown while a navigation's loaders run (e.g. the landing page looking up products). */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div className="navigation-progress">
      <LoadingIndicator inline />
    </div>
  );
}
