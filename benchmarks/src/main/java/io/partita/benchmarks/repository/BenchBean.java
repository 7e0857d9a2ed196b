package io.partita.benchmarks.repository;

import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondaryPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondarySortKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

/** The {@link BenchItem} as the Enhanced Client maps it: a mutable bean with the same attributes and indexes. */
@DynamoDbBean
public class BenchBean {
    private String pk;
    private String sk;
    private String g1pk;
    private long g1sk;
    private String g2pk;
    private String g3pk;
    private String g3sk;
    private long lsk;
    private String a;
    private long b;
    private String d;

    public BenchBean() {}

    /** The bean holding the same values as {@code item}. */
    public static BenchBean of(BenchItem item) {
        BenchBean bean = new BenchBean();
        bean.pk = item.pk();
        bean.sk = item.sk();
        bean.g1pk = item.g1pk();
        bean.g1sk = item.g1sk();
        bean.g2pk = item.g2pk();
        bean.g3pk = item.g3pk();
        bean.g3sk = item.g3sk();
        bean.lsk = item.lsk();
        bean.a = item.a();
        bean.b = item.b();
        bean.d = item.d();
        return bean;
    }

    @DynamoDbPartitionKey
    public String getPk() {
        return pk;
    }

    public void setPk(String pk) {
        this.pk = pk;
    }

    @DynamoDbSortKey
    public String getSk() {
        return sk;
    }

    public void setSk(String sk) {
        this.sk = sk;
    }

    @DynamoDbSecondaryPartitionKey(indexNames = "gsi1")
    public String getG1pk() {
        return g1pk;
    }

    public void setG1pk(String g1pk) {
        this.g1pk = g1pk;
    }

    @DynamoDbSecondarySortKey(indexNames = "gsi1")
    public long getG1sk() {
        return g1sk;
    }

    public void setG1sk(long g1sk) {
        this.g1sk = g1sk;
    }

    @DynamoDbSecondaryPartitionKey(indexNames = "gsi2")
    public String getG2pk() {
        return g2pk;
    }

    public void setG2pk(String g2pk) {
        this.g2pk = g2pk;
    }

    @DynamoDbSecondaryPartitionKey(indexNames = "gsi3")
    public String getG3pk() {
        return g3pk;
    }

    public void setG3pk(String g3pk) {
        this.g3pk = g3pk;
    }

    @DynamoDbSecondarySortKey(indexNames = "gsi3")
    public String getG3sk() {
        return g3sk;
    }

    public void setG3sk(String g3sk) {
        this.g3sk = g3sk;
    }

    @DynamoDbSecondarySortKey(indexNames = "lsi1")
    public long getLsk() {
        return lsk;
    }

    public void setLsk(long lsk) {
        this.lsk = lsk;
    }

    public String getA() {
        return a;
    }

    public void setA(String a) {
        this.a = a;
    }

    public long getB() {
        return b;
    }

    public void setB(long b) {
        this.b = b;
    }

    public String getD() {
        return d;
    }

    public void setD(String d) {
        this.d = d;
    }
}
