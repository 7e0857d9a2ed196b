package io.partita.wire;

import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.value.AttributeType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * An UpdateTable request as read. DynamoDB checks its parts between looking the table up and applying each
 * index update, so each part is checked when the server asks for it, in DynamoDB's order.
 */
public final class UpdateTable {
    private String tableName;
    private List<SchemaReader.Definition> definitions;
    private String billingMode;
    private SchemaReader.Throughput throughput;
    private List<IndexUpdate> indexUpdates;
    private Boolean deletionProtection;
    private StreamSpecification stream;

    private UpdateTable() {}

    /** One of {@code GlobalSecondaryIndexUpdates}: a Create, Delete or Update (or, wrongly, none). */
    public static final class IndexUpdate {
        private SchemaReader.Index create;
        private String deleteName;
        private boolean delete;
        private String updateName;
        private boolean update;

        public boolean isCreate() {
            return create != null;
        }

        public boolean isDelete() {
            return delete;
        }

        public boolean isUpdate() {
            return update;
        }

        /** The index to create, checked against the attributes {@code defined} and the table's billing mode. */
        public GlobalSecondaryIndex create(Map<String, AttributeType> defined, String billingMode) {
            return Schemas.gsi(create, defined, new LinkedHashSet<>(), billingMode);
        }

        public String deleteIndexName() {
            return Input.required(deleteName, "globalSecondaryIndexUpdates.member.delete.indexName");
        }

        public String updateIndexName() {
            return Input.required(updateName, "globalSecondaryIndexUpdates.member.update.indexName");
        }
    }

    public static UpdateTable read(byte[] body, int offset, int length) {
        return JsonIn.readRequest(body, offset, length, new UpdateTable(), UpdateTable::member);
    }

    private static void member(UpdateTable u, JsonIn in, String name) throws IOException {
        switch (name) {
            case "TableName" -> u.tableName = in.string(name);
            case "AttributeDefinitions" -> u.definitions = SchemaReader.definitions(in, name);
            case "BillingMode" -> u.billingMode = in.string(name);
            case "ProvisionedThroughput" -> u.throughput = SchemaReader.throughput(in, name);
            case "GlobalSecondaryIndexUpdates" -> u.indexUpdates = indexUpdates(in, name);
            case "DeletionProtectionEnabled" -> u.deletionProtection = in.bool(name);
            case "StreamSpecification" -> u.stream = SchemaReader.stream(in, name);
            default -> in.skip();
        }
    }

    private static List<IndexUpdate> indexUpdates(JsonIn in, String name) throws IOException {
        if (!in.array(name)) {
            return null;
        }
        List<IndexUpdate> out = new ArrayList<>();
        while (in.nextElement()) {
            if (!in.object(name)) {
                throw WireException.serialization("Unexpected value type for " + name + ": expected a structure");
            }
            out.add(in.forEachMember(new IndexUpdate(), UpdateTable::indexUpdate));
        }
        return out;
    }

    /** One member of a {@code GlobalSecondaryIndexUpdates} element. */
    private static void indexUpdate(IndexUpdate u, JsonIn in, String member) throws IOException {
        if (member.equals("Create")) {
            u.create = in.object(member) ? SchemaReader.index(in) : null;
        } else if (member.equals("Delete")) {
            u.delete = in.object(member);
            u.deleteName = u.delete ? indexName(in) : null;
        } else if (member.equals("Update")) {
            u.update = in.object(member);
            u.updateName = u.update ? indexName(in) : null;
        } else {
            in.skip();
        }
    }

    /** The {@code IndexName} of a Delete or Update; the parser stands on its {@code START_OBJECT}. */
    private static String indexName(JsonIn in) throws IOException {
        String name = null;
        while (in.nextField()) {
            if (in.name().equals("IndexName")) {
                name = in.string("IndexName");
            } else {
                in.skip();
            }
        }
        return name;
    }

    public String tableName() {
        return Input.required(tableName, "tableName");
    }

    /** The attribute definitions given, checked; empty when there are none. */
    public Map<String, AttributeType> attributeDefinitions() {
        return definitions == null ? new LinkedHashMap<>() : Schemas.definitions(definitions);
    }

    /** {@code BillingMode} as sent; {@code null} when absent. */
    public String billingMode() {
        return billingMode;
    }

    /** {@code ProvisionedThroughput}, checked; {@code null} when absent. */
    public ProvisionedThroughput provisionedThroughput() {
        return Schemas.throughput(throughput);
    }

    /** {@code GlobalSecondaryIndexUpdates}; {@code null} when absent. */
    public List<IndexUpdate> indexUpdates() {
        return indexUpdates;
    }

    /** {@code DeletionProtectionEnabled}; {@code null} when absent. */
    public Boolean deletionProtection() {
        return deletionProtection;
    }

    /** {@code StreamSpecification}; {@code null} when absent. */
    public StreamSpecification streamSpecification() {
        return stream;
    }
}
