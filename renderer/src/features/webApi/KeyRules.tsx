/**
 * The publisher's rules for API keys where a key is entered or chosen (spec 1 §1, §5): registration, one
 * product per production key, and that a personal key is not a tournament key.
 */
export function KeyRules() {
  return (
    <div className="key-rules" data-testid="key-rules">
      <h3 className="section-title">Rules for your key</h3>
      <ul>
        <li data-testid="key-rule-registration">
          Register your product in the developer portal and keep its description current.
        </li>
        <li data-testid="key-rule-one-product">
          One product per production key. Keep the key out of code you distribute, and share it only within
          the team that owns the product in the portal.
        </li>
        <li data-testid="key-rule-tournament">
          A personal key is not a tournament key: tournament calls go to the tournament stub (mock codes)
          until you confirm your key is tournament-enabled.
        </li>
      </ul>
    </div>
  );
}
