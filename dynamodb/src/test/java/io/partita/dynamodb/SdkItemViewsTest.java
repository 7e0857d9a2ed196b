package io.partita.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * The request path converts items through views instead of intermediate maps: a request's item as a view the SDK
 * builder copies ({@link SdkValues#toSdkForRequest}), a response's item converted per attribute read
 * ({@link SdkValues#fromSdkLazily}). Both must hold exactly what the eager conversions hold.
 */
class SdkItemViewsTest {
    private static Map<String, AttributeValue> coreItem() {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("pk", AttributeValue.s("customer-1"));
        item.put("n", AttributeValue.n(new BigDecimal("12.50")));
        item.put("flag", AttributeValue.bool(true));
        item.put("nothing", AttributeValue.nul());
        item.put("tags", AttributeValue.ss("b", "a"));
        item.put("nums", AttributeValue.nsOf("3", "1.5"));
        item.put("list", AttributeValue.l(AttributeValue.s("x"), AttributeValue.n(2)));
        item.put("map", AttributeValue.m(Map.of("inner", AttributeValue.s("y"))));
        item.put("bin", AttributeValue.b(new byte[] {1, 2, 3}));
        return item;
    }

    @Test
    void requestViewIsWhatTheSdkBuilderCopies() {
        Map<String, AttributeValue> core = coreItem();
        var eager = SdkValues.toSdk(core);
        var view = SdkValues.toSdkForRequest(core);
        assertThat(view).isEqualTo(eager);
        assertThat(new ArrayList<>(view.keySet())).containsExactlyElementsOf(eager.keySet());
        PutItemRequest built =
                PutItemRequest.builder().tableName("t").item(view).build();
        assertThat(built.item()).isEqualTo(eager);
        assertThat(new ArrayList<>(built.item().keySet())).containsExactlyElementsOf(core.keySet());
        assertThat(SdkValues.toSdkForRequest(null)).isNull();
        // the core's array-backed item, as repositories send it, goes through its allocation-free traversal
        PutItemRequest fromItemMap = PutItemRequest.builder()
                .tableName("t")
                .item(SdkValues.toSdkForRequest(ItemMap.copyOf(core)))
                .build();
        assertThat(fromItemMap.item()).isEqualTo(eager);
        assertThat(new ArrayList<>(fromItemMap.item().keySet())).containsExactlyElementsOf(core.keySet());
    }

    @Test
    void responseItemReadsLikeTheEagerConversion() {
        var sdk = SdkValues.toSdk(coreItem());
        Map<String, AttributeValue> eager = SdkValues.fromSdk(sdk);
        Map<String, AttributeValue> lazy = SdkValues.fromSdkLazily(sdk);
        // the reads a schema makes: get per attribute, before anything else
        for (String name : eager.keySet()) {
            assertThat(lazy.get(name)).isEqualTo(eager.get(name));
            assertThat(lazy.containsKey(name)).isTrue();
        }
        assertThat(lazy.get("absent")).isNull();
        assertThat(lazy.containsKey("absent")).isFalse();
        assertThat(lazy.size()).isEqualTo(eager.size());
        assertThat(lazy.isEmpty()).isFalse();
        // everything else sees the whole item, in the SDK's order
        assertThat(lazy).isEqualTo(eager);
        assertThat(eager).isEqualTo(lazy);
        assertThat(lazy.hashCode()).isEqualTo(eager.hashCode());
        assertThat(lazy.toString()).isEqualTo(eager.toString());
        assertThat(List.copyOf(lazy.keySet())).containsExactlyElementsOf(sdk.keySet());
        assertThat(SdkValues.fromSdkLazily(null)).isNull();
    }

    @Test
    void responseItemCanBeChangedLikeTheEagerOne() {
        var sdk = SdkValues.toSdk(coreItem());
        Map<String, AttributeValue> lazy = SdkValues.fromSdkLazily(sdk);
        lazy.put("added", AttributeValue.s("z"));
        lazy.remove("pk");
        assertThat(lazy.get("added")).isEqualTo(AttributeValue.s("z"));
        assertThat(lazy.get("pk")).isNull();
        assertThat(lazy.containsKey("pk")).isFalse();
        assertThat(lazy.size()).isEqualTo(sdk.size());
        assertThat(sdk).containsKey("pk"); // the SDK's response is untouched
    }
}
