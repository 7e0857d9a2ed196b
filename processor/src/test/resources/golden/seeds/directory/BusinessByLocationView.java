package seeds.directory;

import io.partita.mapping.AbstractItemSchema;
import io.partita.mapping.ItemSchema;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.Map;
import javax.annotation.processing.Generated;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * What index {@code ByLocation} projects of {@link Business}: its keys and name, phone. Attributes it does not project are not here,
 * so reading one is a compile error rather than a silent null.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public record BusinessByLocationView(String businessId, String businessType, String country,
    String state, String city, @Nullable String name, @Nullable String phone) {
  /**
   * Reads index entries of {@code ByLocation}.
   */
  public static final ItemSchema<BusinessByLocationView> SCHEMA = new Schema();

  /**
   * How {@link BusinessByLocationView} is read: one argument per attribute, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<BusinessByLocationView> {
    Schema() {
      super("BusinessByLocationView", "businessId", "businessType", "country", "state", "city", "name", "phone");
    }

    @Override
    public void writeItem(BusinessByLocationView e, ItemMap.Builder item) {
      writeString(item, "businessId", e.businessId());
      writeString(item, "businessType", e.businessType());
      writeString(item, "country", e.country());
      writeString(item, "state", e.state());
      writeString(item, "city", e.city());
      writeString(item, "name", e.name());
      writeString(item, "phone", e.phone());
    }

    @Override
    public BusinessByLocationView fromItem(Map<String, AttributeValue> item) {
      return new BusinessByLocationView(
        readString(item, 0, "businessId"),
        readString(item, 1, "businessType"),
        readString(item, 2, "country"),
        readString(item, 3, "state"),
        readString(item, 4, "city"),
        readString(item, 5, "name"),
        readString(item, 6, "phone"));
    }
  }
}
