package io.partita.wire;

import io.partita.storage.api.TimeToLiveSpecification;
import java.io.IOException;
import java.util.List;

/**
 * The small control-plane requests: those naming one table, ListTables, the tagging calls, UpdateTimeToLive.
 * Each reads only its own members; the checks that come first in DynamoDB's order are made here.
 */
public final class ControlRequests {
    private ControlRequests() {}

    /** ListTables' members, {@code Limit} checked (1 to 100). */
    public record ListTables(String exclusiveStartTableName, Integer limit) {}

    /** TagResource's and UntagResource's members; {@code tags} and {@code tagKeys} are null when absent. */
    public record Tagging(String resourceArn, List<Tag> tags, List<String> tagKeys) {}

    /** The members of one object: only those named in {@code members} are read. */
    private static final class Members {
        /** The members the operation reads, comma-separated and comma-enclosed. */
        final String accepted;

        String tableName;
        String start;
        Integer limit;
        String arn;
        List<Tag> tags;
        List<String> tagKeys;
        boolean ttlPresent;
        String ttlAttribute;
        Boolean ttlEnabled;

        Members(String accepted) {
            this.accepted = accepted;
        }
    }

    private static Members read(byte[] body, int offset, int length, String members) {
        return JsonIn.readRequest(body, offset, length, new Members(members), MEMBER);
    }

    /**
     * {@link #member} as a named class: a method reference here would make the JDK spin a class at run time on a
     * server's first request (the start path avoids lambdas, see the server's README, "Start-up").
     */
    private static final JsonIn.Member<Members> MEMBER = new JsonIn.Member<>() {
        @Override
        public void read(Members m, JsonIn in, String name) throws IOException {
            member(m, in, name);
        }
    };

    private static void member(Members m, JsonIn in, String name) throws IOException {
        if (!m.accepted.contains("," + name + ",")) {
            in.skip();
            return;
        }
        switch (name) {
            case "TableName" -> m.tableName = in.string(name);
            case "ExclusiveStartTableName" -> m.start = in.string(name);
            case "Limit" -> m.limit = in.integer(name);
            case "ResourceArn" -> m.arn = in.string(name);
            case "Tags" -> m.tags = SchemaReader.tags(in, name);
            case "TagKeys" -> m.tagKeys = in.strings(name);
            default -> timeToLive(in, name, m);
        }
    }

    private static void timeToLive(JsonIn in, String name, Members m) throws IOException {
        m.ttlPresent = in.object(name);
        m.ttlAttribute = null;
        m.ttlEnabled = null;
        if (m.ttlPresent) {
            in.forEachMember(m, ControlRequests::timeToLiveMember);
        }
    }

    private static void timeToLiveMember(Members m, JsonIn in, String name) throws IOException {
        switch (name) {
            case "AttributeName" -> m.ttlAttribute = in.string(name);
            case "Enabled" -> m.ttlEnabled = in.bool(name);
            default -> in.skip();
        }
    }

    /** A body read only for being JSON (DescribeLimits, DescribeEndpoints). */
    public static void none(byte[] body, int offset, int length) {
        read(body, offset, length, "");
    }

    /** The required {@code TableName} (DescribeTable, DeleteTable, DescribeTimeToLive). */
    public static String tableName(byte[] body, int offset, int length) {
        return Input.required(read(body, offset, length, ",TableName,").tableName, "tableName");
    }

    public static ListTables listTables(byte[] body, int offset, int length) {
        Members m = read(body, offset, length, ",ExclusiveStartTableName,Limit,");
        Integer limit = m.limit;
        if (limit != null && (limit < 1 || limit > 100)) {
            throw WireException.validation("1 validation error detected: Value '" + limit
                    + "' at 'limit' failed to satisfy constraint: Member must have value "
                    + (limit < 1 ? "greater than or equal to 1" : "less than or equal to 100"));
        }
        return new ListTables(m.start, limit);
    }

    /** TagResource: the required {@code ResourceArn} and the {@code Tags} ({@code null} when absent). */
    public static Tagging tagResource(byte[] body, int offset, int length) {
        Members m = read(body, offset, length, ",ResourceArn,Tags,");
        return new Tagging(Input.required(m.arn, "resourceArn"), m.tags, null);
    }

    /** UntagResource: the required {@code ResourceArn} and the {@code TagKeys} ({@code null} when absent). */
    public static Tagging untagResource(byte[] body, int offset, int length) {
        Members m = read(body, offset, length, ",ResourceArn,TagKeys,");
        return new Tagging(Input.required(m.arn, "resourceArn"), null, m.tagKeys);
    }

    /** ListTagsOfResource: the required {@code ResourceArn}. */
    public static String resourceArn(byte[] body, int offset, int length) {
        return Input.required(read(body, offset, length, ",ResourceArn,").arn, "resourceArn");
    }

    /** UpdateTimeToLive: the table and its {@code TimeToLiveSpecification}, both required. */
    public record TimeToLive(String tableName, TimeToLiveSpecification specification) {}

    public static TimeToLive updateTimeToLive(byte[] body, int offset, int length) {
        Members m = read(body, offset, length, ",TableName,TimeToLiveSpecification,");
        String table = Input.required(m.tableName, "tableName");
        if (!m.ttlPresent) {
            throw WireException.missing("timeToLiveSpecification");
        }
        String attribute = Input.required(m.ttlAttribute, "timeToLiveSpecification.attributeName");
        return new TimeToLive(table, new TimeToLiveSpecification(attribute, Boolean.TRUE.equals(m.ttlEnabled)));
    }

    /** A {@code Tags} element's key, required. */
    public static String tagKey(Tag t) {
        return Input.required(t.key(), "tags.member.key");
    }

    /** A {@code Tags} element's value, required. */
    public static String tagValue(Tag t) {
        return Input.required(t.value(), "tags.member.value");
    }

    /** DynamoDB's "Value null at 'x'" error for a required member the server checks later in its order. */
    public static WireException missing(String constraintName) {
        return WireException.missing(constraintName);
    }
}
