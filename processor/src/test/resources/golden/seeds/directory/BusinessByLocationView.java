package seeds.directory;

import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import javax.annotation.processing.Generated;

/**
 * What index {@code ByLocation} projects of {@link Business}: its keys and name, phone. Attributes it does not project are not here,
 * so reading one is a compile error rather than a silent null.
 */
@Generated("io.partita.processor.PartitaProcessor")
public record BusinessByLocationView(String businessId, String businessType, String country,
    String state, String city, String name, String phone) {
  /**
   * Reads index entries of {@code ByLocation}.
   */
  public static final ItemSchema<BusinessByLocationView> SCHEMA = ItemSchema.builder(BusinessByLocationView.class)
    .attribute("businessId", BusinessByLocationView::businessId, Codecs.STRING)
    .attribute("businessType", BusinessByLocationView::businessType, Codecs.STRING)
    .attribute("country", BusinessByLocationView::country, Codecs.STRING)
    .attribute("state", BusinessByLocationView::state, Codecs.STRING)
    .attribute("city", BusinessByLocationView::city, Codecs.STRING)
    .attribute("name", BusinessByLocationView::name, Codecs.STRING)
    .attribute("phone", BusinessByLocationView::phone, Codecs.STRING)
    .build(v -> new BusinessByLocationView(v.<String>get(0), v.<String>get(1), v.<String>get(2), v.<String>get(3), v.<String>get(4), v.<String>get(5), v.<String>get(6)));
}
